/* What the two C anchors of benchmarks/engine.py share (hoyito_loop.c and
 * hoyito_loop_packed.c): the board's size and the rules' limits, the kernel's mixing function,
 * a table of positions keyed on two words and emptied by an epoch counter, and main (play the
 * games, print them or time them). Each anchor includes this file, defines play() and calls
 * run_games() from main(). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 6
#define SIZE (2 * N)
#define MAX_LAPS 1000
#define EXACT_FROM_LAP 32
#define MAX_PLIES 20000
#define BITS 16 /* room for 32,768 positions: every position of a game (20,000 plies) */

typedef struct {
    uint64_t lo, hi; /* hi's top byte holds the tag + 1 (the player, or a lap's last hole) */
    int count;
} Item;

/* Open addressing over the first 2**bits slots (8 to BITS: twice as many when half full); a
 * slot holds epoch << 32 | item + 1 and is empty unless its epoch is the table's. */
typedef struct {
    uint64_t slots[1 << BITS];
    Item items[1 << (BITS - 1)];
    uint64_t epoch;
    int bits, used;
} Table;

static Table positions, lap_starts;

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline void forget(Table *t) {
    t->epoch++;
    t->bits = 8;
    t->used = 0;
}

static inline uint64_t slot_of(uint64_t lo, uint64_t hi, int bits) {
    return (lo * 0x9E3779B97F4A7C15ULL ^ hi * 0xC2B2AE3D27D4EB4FULL) >> (64 - bits);
}

/* One more occurrence of (lo, hi, tag); how many there have been since the table was
 * emptied. */
static inline int count_words(Table *t, uint64_t lo, uint64_t hi, int tag) {
    hi |= (uint64_t)(tag + 1) << 56;
    uint64_t mask = (1ULL << t->bits) - 1, slot = slot_of(lo, hi, t->bits);
    for (;;) {
        uint64_t held = t->slots[slot];
        if (held >> 32 != t->epoch) break;
        Item *item = &t->items[(held & 0xFFFFFFFF) - 1];
        if (item->lo == lo && item->hi == hi) return ++item->count;
        slot = (slot + 1) & mask;
    }
    Item *item = &t->items[t->used];
    item->lo = lo;
    item->hi = hi;
    item->count = 1;
    t->slots[slot] = t->epoch << 32 | (uint64_t)(++t->used);
    if (2 * t->used > (1 << t->bits) && t->bits < BITS) { /* half full: twice the slots */
        t->bits++;
        t->epoch++;
        mask = (1ULL << t->bits) - 1;
        for (int i = 0; i < t->used; i++) {
            slot = slot_of(t->items[i].lo, t->items[i].hi, t->bits);
            while (t->slots[slot] >> 32 == t->epoch) slot = (slot + 1) & mask;
            t->slots[slot] = t->epoch << 32 | (uint64_t)(i + 1);
        }
    }
    return 1;
}

typedef int (*Play)(uint64_t k0, uint64_t k1, uint64_t game, int caps[2]);

/* main's work: GAMES games of play() from the keys K0 K1, each printed (check) or all timed
 * in CPU nanoseconds (time). Always inlined, so that play() is called directly, as it was
 * when each anchor had its own main (through the pointer the packed loop took 7 % longer). */
static inline __attribute__((always_inline)) int run_games(int argc, char **argv, Play play) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s GAMES K0 K1 check|time\n", argv[0]);
        return 2;
    }
    long games = atol(argv[1]);
    uint64_t k0 = strtoull(argv[2], NULL, 10), k1 = strtoull(argv[3], NULL, 10);
    int check = strcmp(argv[4], "check") == 0;
    struct timespec t0, t1;
    long moves = 0;
    int caps[2];
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (long g = 0; g < games; g++) {
        int plies = play(k0, k1, (uint64_t)g, caps);
        moves += plies;
        if (check) printf("%d %d %d\n", plies, caps[0], caps[1]);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    if (!check)
        printf("%ld %lld\n", moves,
               (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec));
    return 0;
}
