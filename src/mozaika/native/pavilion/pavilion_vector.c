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

static float share(double count, double whole) { return (float)(count / whole); }

/* learning.STAR_ENCODING: the phase, the round and its wild colour, the factories, the centre and the
 * marker, the supply, the bag and the tower, the bonus tiles owed, then each board from the
 * observer's on (score, hand, passed, every space one-hot), padded to four. */
static void encode(const VectorCore *self, const void *position, int seat, float *out) {
    const PavPosition *p = position;
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
    for (int at = 0; at < p->players; at++) {
        const PavBoard *board = &p->boards[(seat + at) % p->players];
        float *part = out + SHARED_SIZE + BOARD_SIZE * at;
        part[0] = share((double)board->score, 100);
        for (int colour = 0; colour < PV_COLOURS; colour++)
            part[1 + colour] = share(board->hand[colour], 10);
        part[7] = (float)board->passed;
        for (int space = 0; space < PV_SPACES; space++)
            if (board->colours[space] >= 0)
                part[8 + 6 * space + board->colours[space]] = 1.0f;
    }
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
    NULL,
    0,
};
