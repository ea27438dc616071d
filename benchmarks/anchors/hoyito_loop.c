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
#include "hoyito_loop_common.h"

/* One more occurrence of (board, tag): the board's 12 bytes as two words. */
static inline int count(Table *t, const uint8_t *board, int tag) {
    uint64_t key[2] = {0, 0};
    memcpy(key, board, SIZE);
    return count_words(t, key[0], key[1], tag);
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

int main(int argc, char **argv) { return run_games(argc, argv, play); }
