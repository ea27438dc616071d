/* The anchor of benchmarks/engine.py: random Hoyito I games on 2x6 in plain C.
 *
 * Every Hoyito I rule the compiled kernel plays (relay sowing; mid-sow and last-seed casas to
 * the mover; the last four seeds to the capturer, R4.1; passes; endless moves found from lap
 * 32 on, when the move is sown again keeping its lap starts, and the lap limit of 1,000 laps,
 * R2.8; the third repetition of a position since the last capture, R4.3; the ply cap of
 * 20,000), with the kernel's random stream (hoyito_edu.compiled.fastsim._word and _pick), so
 * it plays the kernel's games, game for game. benchmarks/engine.py compiles it into a
 * temporary folder, checks its games against the engine's, then times it.
 *
 * Usage: hoyito_loop GAMES K0 K1 check   (one line per game: plies, South's and North's seeds)
 *        hoyito_loop GAMES K0 K1 time    (moves played and CPU nanoseconds, one line)
 */
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
    uint64_t key[2]; /* the board, one byte a hole, then the tag (player, or a lap's last hole) */
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

static inline uint64_t slot_of(const uint64_t key[2], int bits) {
    return (key[0] * 0x9E3779B97F4A7C15ULL ^ key[1] * 0xC2B2AE3D27D4EB4FULL) >> (64 - bits);
}

/* One more occurrence of (board, tag); how many there have been since the table was emptied. */
static inline int count(Table *t, const uint8_t *board, int tag) {
    uint64_t key[2] = {0, 0};
    memcpy(key, board, SIZE);
    key[1] |= (uint64_t)(tag + 1) << 56;
    uint64_t mask = (1ULL << t->bits) - 1, slot = slot_of(key, t->bits);
    for (;;) {
        uint64_t held = t->slots[slot];
        if (held >> 32 != t->epoch) break;
        Item *item = &t->items[(held & 0xFFFFFFFF) - 1];
        if (item->key[0] == key[0] && item->key[1] == key[1]) return ++item->count;
        slot = (slot + 1) & mask;
    }
    Item *item = &t->items[t->used];
    item->key[0] = key[0];
    item->key[1] = key[1];
    item->count = 1;
    t->slots[slot] = t->epoch << 32 | (uint64_t)(++t->used);
    if (2 * t->used > (1 << t->bits) && t->bits < BITS) { /* half full: twice the slots */
        t->bits++;
        t->epoch++;
        mask = (1ULL << t->bits) - 1;
        for (int i = 0; i < t->used; i++) {
            slot = slot_of(t->items[i].key, t->bits);
            while (t->slots[slot] >> 32 == t->epoch) slot = (slot + 1) & mask;
            t->slots[slot] = t->epoch << 32 | (uint64_t)(i + 1);
        }
    }
    return 1;
}

/* Play one game; returns its plies and sets the captures. */
static int play(uint64_t k0, uint64_t k1, uint64_t game, int caps[2]) {
    uint8_t board[SIZE], start[SIZE];
    int player = 0, plies = 0, inplay = 4 * SIZE;
    uint64_t game_word = mix(k0 ^ (game * 0x9E3779B97F4A7C15ULL)) + k1;
    memset(board, 4, SIZE);
    caps[0] = caps[1] = 0;
    forget(&positions);
    count(&positions, board, player);
    for (;;) {
        int legal = 0, row = player * N;
        for (int h = row; h < row + N; h++) legal += board[h] != 0;
        uint64_t word = mix(game_word + (uint64_t)(plies + 1) * 0xD1B54A32D192ED03ULL);
        int choice = (int)(((word >> 32) * (uint64_t)legal) >> 32), hole = row;
        for (;; hole++)
            if (board[hole] && choice-- == 0) break;
        plies++;
        int caps0 = caps[0], caps1 = caps[1], inplay0 = inplay, over = 0, owners = 0, exact = 0;
        memcpy(start, board, SIZE);
        int hand = board[hole], cur = hole, laps = 1;
        board[hole] = 0;
        for (;;) {
            while (hand) {
                cur = cur + 1 == SIZE ? 0 : cur + 1;
                board[cur]++;
                hand--;
                if (board[cur] == 4 && hand) { /* a mid-sow casa: the mover's */
                    board[cur] = 0;
                    caps[player] += 4;
                    inplay -= 4;
                    if (inplay == 4 || inplay == 0) { /* the last four to the capturer */
                        caps[player] += inplay;
                        memset(board, 0, SIZE);
                        inplay = hand = 0;
                        over = 1;
                    }
                }
            }
            if (over) break;
            if (board[cur] == 4) { /* the last seed's casa */
                board[cur] = 0;
                caps[player] += 4;
                inplay -= 4;
                if (inplay == 4 || inplay == 0) {
                    caps[player] += inplay;
                    memset(board, 0, SIZE);
                    inplay = 0;
                    over = 1;
                }
                break;
            }
            if (board[cur] == 1) break;
            if (exact) {
                if (count(&lap_starts, board, cur) > 1) { /* endless */
                    owners = 1;
                    break;
                }
            } else if (laps >= EXACT_FROM_LAP || laps == MAX_LAPS) {
                exact = 1; /* sow the move again from its start, keeping its lap starts */
                memcpy(board, start, SIZE);
                caps[0] = caps0;
                caps[1] = caps1;
                inplay = inplay0;
                forget(&lap_starts);
                count(&lap_starts, board, hole);
                hand = board[hole];
                board[hole] = 0;
                cur = hole;
                laps = 1;
                continue;
            }
            if (laps == MAX_LAPS) {
                owners = 1;
                break;
            }
            laps++;
            hand = board[cur];
            board[cur] = 0;
        }
        if (!over && !owners) {
            int next = 1 - player, seeds = 0;
            for (int h = next * N; h < next * N + N; h++) seeds += board[h];
            if (!seeds) next = player; /* a pass */
            if (caps[0] != caps0 || caps[1] != caps1) forget(&positions);
            if (count(&positions, board, next) >= 3) owners = 1; /* the third repetition */
            else if (plies >= MAX_PLIES) return plies;
            else {
                player = next;
                continue;
            }
        }
        if (owners) { /* each player takes the seeds in their row */
            for (int h = 0; h < SIZE; h++) caps[h >= N] += board[h];
            memset(board, 0, SIZE);
        }
        return plies;
    }
}

int main(int argc, char **argv) {
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
