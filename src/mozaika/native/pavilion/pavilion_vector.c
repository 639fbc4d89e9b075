/* Summer Pavilion in the vector environment (vector.h): its observations and action indices exactly
 * as mozaika.pavilion.learning makes them (docs/rl.md). */
#include "pavilion.h"
#include "vector.h"

#define SEATS 4
#define SHARED_SIZE (5 + PV_ROUNDS + 6 + 9 * 6 + 6 + 1 + 6 + 6 + 6 + 3)
#define BOARD_SIZE (1 + 6 + 1 + PV_SPACES * 6)
#define TAKE_ACTIONS 60
#define PLACE_ACTIONS (PV_SPACES * 6 * 6)
#define ACTIONS (TAKE_ACTIONS + PLACE_ACTIONS + PV_PICKS + PV_KEEPS)

static int codes(const void *position, uint32_t *out) {
    const PavPosition *p = position;
    int acting = p->phase == PV_ACQUIRE || p->phase == PV_PLACE || p->phase == PV_PICK;
    return acting ? pv_legal_codes(p, (int *)out) : 0;
}

/* learning's numbering: takes, placements, then the picks and the passes in the orders of PICK_CHOICES
 * and KEEP_CHOICES (the core's tables list them in the engine's order: the caller maps them). */
static int action_of(const VectorCore *self, const void *position, uint32_t code) {
    int index = (int)(code & PV_INDEX_MASK);
    switch ((int)(code >> PV_KIND_SHIFT)) {
    case PV_TAKE_MOVE:
        return index;
    case PV_PLACE_MOVE:
        return TAKE_ACTIONS + index;
    case PV_PICK_MOVE:
        return self->extra_actions[0][index];
    default:
        return self->extra_actions[1][index];
    }
}

static int first_to_move(const void *position) {
    const PavPosition *p = position;
    return p->phase == PV_ACQUIRE || p->phase == PV_PLACE || p->phase == PV_PICK ? p->offer.turn : -1;
}

static int is_over(const void *position) { return ((const PavPosition *)position)->phase == PV_OVER; }

static int play(PyObject *core, void *position, uint32_t code, const ChanceSeed *seed) {
    PavPosition *p = position;
    pv_play_code(p, (int)code);
    return p->phase == PV_CHANCE ? pv_resolve_position((PavilionCore *)core, p, seed, NULL) : 0;
}

static int resolve(PyObject *core, void *position, const ChanceSeed *seed) {
    return pv_resolve_position((PavilionCore *)core, position, seed, NULL);
}

static int play_move(PyObject *core, void *position, uint32_t code) {
    (void)core;
    pv_play_code(position, (int)code);
    return 0;
}

/* pv_resolve_position's next event and the digest bytes its draw reads. */
static int64_t pending_chance(const void *position, int *bytes) {
    const PavPosition *p = position;
    if (p->phase != PV_CHANCE)
        return -1;
    int sizes[MOST_FACTORIES], wanted = 0;
    for (int group = 0, groups = pv_draw_sizes(p, sizes); group < groups; group++)
        wanted += sizes[group];
    *bytes = (DRAW_BITS(wanted) + 7) / 8;
    return p->chance_index;
}

static float share(double count, double whole) { return (float)(count / whole); }

/* The observation's shared part (zeroed before): the phase, the round and its wild colour, the
 * factories, the centre and the marker, the supply, the bag and the tower, the bonus tiles owed. */
static void encode_shared(const PavPosition *p, float *out) {
    out[p->phase] = 1.0f;
    out[5 + p->round - 1] = 1.0f;
    out[5 + PV_ROUNDS + PV_WILD_BY_ROUND[p->round - 1]] = 1.0f;
    for (int factory = 0; factory < p->offer.factory_count; factory++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            out[17 + 6 * factory + colour] = share(p->offer.factories[factory][colour], 4);
    for (int colour = 0; colour < PV_COLOURS; colour++) {
        out[71 + colour] = share(p->offer.centre[colour], 22);
        out[78 + colour] = share(p->supply[colour], 10);
        out[84 + colour] = share(p->bag[colour], 22);
        out[90 + colour] = share(p->tower[colour], 22);
    }
    out[77] = (float)p->offer.marker_in_centre;
    for (int owed = 0; owed < 3 && owed < p->pending_len; owed++)
        out[96 + owed] = share(p->pending[owed], 3);
}

/* A board's block (zeroed before): its score, its hand, whether it passed, every space one-hot. */
static void encode_board(const PavBoard *board, float *part) {
    part[0] = share((double)board->score, 100);
    for (int colour = 0; colour < PV_COLOURS; colour++)
        part[1 + colour] = share(board->hand[colour], 10);
    part[7] = (float)board->passed;
    for (int space = 0; space < PV_SPACES; space++)
        if (board->colours[space] >= 0)
            part[8 + 6 * space + board->colours[space]] = 1.0f;
}

/* learning.STAR_ENCODING: the shared part, then each board from the observer's on, padded to four. */
static void encode(const VectorCore *self, const void *position, int seat, float *out) {
    const PavPosition *p = position;
    encode_shared(p, out);
    for (int at = 0; at < p->players; at++)
        encode_board(&p->boards[(seat + at) % p->players], out + SHARED_SIZE + BOARD_SIZE * at);
}

/* What each board's block was last encoded from, and the blocks (each seat's twice, the seats in order
 * then again, so that the observer's order is one run of blocks from the observer's own). */
typedef struct {
    int64_t score[SEATS];
    int32_t hand[SEATS][PV_COLOURS];
    int8_t colours[SEATS][PV_SPACES];
    uint8_t passed[SEATS];
    float blocks[2 * SEATS][BOARD_SIZE];
} PavCache;

static void keep_board(PavCache *kept, int who, const PavBoard *board) {
    kept->score[who] = board->score;
    memcpy(kept->hand[who], board->hand, sizeof kept->hand[who]);
    memcpy(kept->colours[who], board->colours, sizeof kept->colours[who]);
    kept->passed[who] = board->passed;
}

/* Bring seat `who`'s block (and its twin) up to date with its board: only what changed is written. */
static void update_board(PavCache *kept, int who, int players, const PavBoard *board) {
    float *block = kept->blocks[who], *twin = kept->blocks[players + who];
#define SET(at, value) (block[at] = twin[at] = (value))
    if (board->score != kept->score[who])
        SET(0, share((double)board->score, 100));
    if (memcmp(board->hand, kept->hand[who], sizeof kept->hand[who]) != 0)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            SET(1 + colour, share(board->hand[colour], 10));
    if (board->passed != kept->passed[who])
        SET(7, (float)board->passed);
    if (memcmp(board->colours, kept->colours[who], sizeof kept->colours[who]) != 0)
        for (int space = 0; space < PV_SPACES; space++) {
            int was = kept->colours[who][space], now = board->colours[space];
            if (was == now)
                continue;
            if (was >= 0)
                SET(8 + 6 * space + was, 0.0f);
            if (now >= 0)
                SET(8 + 6 * space + now, 1.0f);
        }
#undef SET
    keep_board(kept, who, board);
}

/* encode's observation, its boards' blocks kept from the last step and brought up to date, the shared
 * part written anew (`out` is not zeroed; what the encoder may write is all written). */
static void encode_cached(const VectorCore *self, const void *position, int seat, float *out, void *cache, int fresh) {
    const PavPosition *p = position;
    PavCache *kept = cache;
    for (int who = 0; who < p->players; who++)
        if (fresh) {
            memset(kept->blocks[who], 0, sizeof kept->blocks[who]);
            encode_board(&p->boards[who], kept->blocks[who]);
            memcpy(kept->blocks[p->players + who], kept->blocks[who], sizeof kept->blocks[who]);
            keep_board(kept, who, &p->boards[who]);
        } else
            update_board(kept, who, p->players, &p->boards[who]);
    memset(out, 0, SHARED_SIZE * sizeof *out);
    encode_shared(p, out);
    memcpy(out + SHARED_SIZE, kept->blocks[seat], (size_t)p->players * sizeof kept->blocks[0]);
}

static int written(int players) { return SHARED_SIZE + BOARD_SIZE * players; }

static void scores(const void *position, int64_t *out) {
    const PavPosition *p = position;
    board_scores(p->boards, sizeof *p->boards, p->players, out);
}

/* S-14: the highest score wins; ties share. */
static int winners(const void *position, int *seats) {
    const PavPosition *p = position;
    int64_t best = INT64_MIN;
    for (int seat = 0; seat < p->players; seat++)
        best = p->boards[seat].score > best ? p->boards[seat].score : best;
    int count = 0;
    for (int seat = 0; seat < p->players; seat++)
        if (p->boards[seat].score == best)
            seats[count++] = seat;
    return count;
}

const VectorGame PAVILION_VECTOR = {
    SHARED_SIZE + SEATS * BOARD_SIZE,
    0,
    ACTIONS,
    0,
    PV_MOST_MOVES,
    sizeof(PavPosition),
    codes,
    action_of,
    first_to_move,
    is_over,
    play,
    resolve,
    encode,
    written,
    scores,
    winners,
    NULL,
    NULL,
    encode_cached,
    sizeof(PavCache),
    NULL,
    NULL,
    play_move,
    pending_chance,
};
