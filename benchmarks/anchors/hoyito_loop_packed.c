/* The strict anchor of benchmarks/engine.py: random Hoyito I games on 2x6 in C, packed.
 *
 * The same games as hoyito_loop.c (every Hoyito I rule, the kernel's random stream), written
 * the way a fast game engine is: the board in two uint64 words (South's row in lo, North's in
 * hi, a byte a hole), the move's state in locals, a lap in one add of a precomputed mask
 * unless a hole of the lap would reach four before the last seed (then the lap is sown a run
 * of holes at a time, a casa found with a SWAR zero-byte test), a running count of the seeds
 * in play, tables of positions and of lap starts keyed on the two words and emptied by an
 * epoch counter, and the rules of Hoyito I as compile-time constants. benchmarks/engine.py
 * compiles it into a temporary folder, checks its games against the engine's and the
 * kernel's, then times it.
 *
 * Usage: hoyito_loop_packed GAMES K0 K1 check   (one line per game: plies, South's and
 *                                                North's seeds)
 *        hoyito_loop_packed GAMES K0 K1 time    (moves played and CPU nanoseconds, one line)
 */
#include "hoyito_loop_common.h"

#define SEEDS (4 * SIZE)

#define LOW7 0x7F7F7F7F7F7F7F7FULL
#define HIGH 0x8080808080808080ULL
#define ONES 0x0101010101010101ULL
#define THREES 0x0303030303030303ULL
#define SMALL 0x7C7C7C7C7C7C7C7CULL /* a byte's bits of 4 and up */
#define INDEX 0x0001020304050607ULL  /* times a byte's lowest bit: the byte's index on top */

/* A lap in one add, by seeds in hand and start hole: what it adds to lo and hi, then the
 * holes to check for a casa before the last seed (bit 7 of each byte sown, but the last
 * hole's when it gets one seed only), the last hole in the low bits of the first. */
static uint64_t masks[SEEDS + 1][SIZE][4];

static void make_masks(void) {
    for (int start = 0; start < SIZE; start++) {
        int added[SIZE] = {0}, cur = start;
        for (int hand = 1; hand <= SEEDS; hand++) {
            cur = (cur + 1) % SIZE;
            added[cur]++;
            uint64_t words[2] = {0, 0}, checks[2] = {0, 0};
            for (int h = 0; h < SIZE; h++) {
                int side = h / N, shift = 8 * (h % N);
                words[side] += (uint64_t)added[h] << shift;
                if (added[h] > 1 || (added[h] == 1 && h != cur)) checks[side] |= 0x80ULL << shift;
            }
            masks[hand][start][0] = words[0];
            masks[hand][start][1] = words[1];
            masks[hand][start][2] = checks[0] | (uint64_t)cur;
            masks[hand][start][3] = checks[1];
        }
    }
}

static inline int get(uint64_t lo, uint64_t hi, int hole) {
    return hole < N ? (int)(lo >> (8 * hole) & 0xFF) : (int)(hi >> (8 * (hole - N)) & 0xFF);
}

static inline void clear(uint64_t *lo, uint64_t *hi, int hole) {
    if (hole < N) *lo &= ~(0xFFULL << (8 * hole));
    else *hi &= ~(0xFFULL << (8 * (hole - N)));
}

static inline int byte_sum(uint64_t word) { return (int)((word * ONES) >> 56); }

enum { GOES_ON, OVER, OWNERS };

/* Play one game; returns its plies and sets the captures. */
static int play(uint64_t k0, uint64_t k1, uint64_t game, int caps[2]) {
    uint64_t lo = 0x040404040404ULL, hi = 0x040404040404ULL;
    int player = 0, plies = 0, inplay = SEEDS;
    uint64_t game_word = mix(k0 ^ (game * 0x9E3779B97F4A7C15ULL)) + k1;
    caps[0] = caps[1] = 0;
    forget(&positions);
    count_words(&positions, lo, hi, player);
    for (;;) {
        /* the random player's hole, without a branch: byte i of before counts the non-empty
         * holes up to hole i; the hole is the first where that count passes the choice */
        uint64_t row = player ? hi : lo;
        uint64_t before = (((((row & LOW7) + LOW7) | row) & HIGH) >> 7) * ONES;
        uint64_t legal = before >> 56;
        uint64_t word = mix(game_word + (uint64_t)(plies + 1) * 0xD1B54A32D192ED03ULL);
        uint64_t choice = ((word >> 32) * legal) >> 32;
        uint64_t passed = (before + (0x7F - choice) * ONES) & HIGH;
        int hole = player * N + (int)((((passed & (~passed + 1)) >> 7) * INDEX) >> 56);
        plies++;
        int caps0 = caps[0], caps1 = caps[1], inplay0 = inplay, state = GOES_ON, exact = 0;
        uint64_t lo0 = lo, hi0 = hi;
        int hand = get(lo, hi, hole), cur = hole, laps = 1;
        clear(&lo, &hi, hole);
        for (;;) {
            const uint64_t *m = masks[hand][cur];
            uint64_t new_lo = lo + m[0], new_hi = hi + m[1];
            if (((~((lo & SMALL) + LOW7) & ((new_lo & SMALL) + LOW7) & m[2]) |
                 (~((hi & SMALL) + LOW7) & ((new_hi & SMALL) + LOW7) & m[3])) == 0) {
                lo = new_lo; /* no casa before the last seed: the lap in one add */
                hi = new_hi;
                cur = (int)(m[2] & 0x7F);
                hand = 0;
            }
            while (hand > 0) { /* the lap, a run of holes of one row at a time */
                int next = cur + 1 == SIZE ? 0 : cur + 1, side = next >= N, first = next - side * N;
                int k = hand < N - first ? hand : N - first;
                uint64_t w = side ? hi : lo, threes = w ^ THREES;
                uint64_t run = (HIGH >> (8 * (8 - k))) << (8 * first);
                uint64_t found = ~(((threes & LOW7) + LOW7) | threes) & run;
                if (k == hand) found &= ~(0x80ULL << (8 * (first + k - 1)));
                if (found) { /* a hole of 3 gets a seed that is not the last: a casa */
                    int last = (int)((((found & (~found + 1)) >> 7) * INDEX) >> 56);
                    k = last - first + 1;
                    w += (ONES >> (8 * (8 - k))) << (8 * first);
                    w &= ~(0xFFULL << (8 * last));
                    hand -= k;
                    cur = side * N + last;
                    caps[player] += 4;
                    inplay -= 4;
                    if (inplay == 4 || inplay == 0) { /* the last four to the capturer */
                        caps[player] += inplay;
                        lo = hi = 0;
                        inplay = hand = 0;
                        state = OVER;
                        break;
                    }
                } else {
                    w += (ONES >> (8 * (8 - k))) << (8 * first);
                    hand -= k;
                    cur = side * N + first + k - 1;
                }
                if (side) hi = w;
                else lo = w;
            }
            if (state) break;
            int seeds = get(lo, hi, cur);
            if (seeds == 4) { /* the last seed's casa */
                clear(&lo, &hi, cur);
                caps[player] += 4;
                inplay -= 4;
                if (inplay == 4 || inplay == 0) {
                    caps[player] += inplay;
                    lo = hi = 0;
                    inplay = 0;
                    state = OVER;
                }
                break;
            }
            if (seeds == 1) break;
            if (exact) {
                if (count_words(&lap_starts, lo, hi, cur) > 1) { /* endless */
                    state = OWNERS;
                    break;
                }
            } else if (laps >= EXACT_FROM_LAP || laps == MAX_LAPS) {
                exact = 1; /* sow the move again from its start, keeping its lap starts */
                lo = lo0;
                hi = hi0;
                caps[0] = caps0;
                caps[1] = caps1;
                inplay = inplay0;
                forget(&lap_starts);
                count_words(&lap_starts, lo, hi, hole);
                hand = get(lo, hi, hole);
                clear(&lo, &hi, hole);
                cur = hole;
                laps = 1;
                continue;
            }
            if (laps == MAX_LAPS) {
                state = OWNERS;
                break;
            }
            laps++;
            hand = seeds;
            clear(&lo, &hi, cur);
        }
        if (state == GOES_ON) {
            int next = 1 - player;
            if ((next ? hi : lo) == 0) next = player; /* a pass */
            if (inplay != inplay0) forget(&positions);
            /* the third repetition */
            if (count_words(&positions, lo, hi, next) >= 3) state = OWNERS;
            else if (plies >= MAX_PLIES) return plies;
            else {
                player = next;
                continue;
            }
        }
        if (state == OWNERS) { /* each player takes the seeds in their row */
            caps[0] += byte_sum(lo);
            caps[1] += byte_sum(hi);
        }
        return plies;
    }
}

int main(int argc, char **argv) {
    make_masks();
    return run_games(argc, argv, play);
}
