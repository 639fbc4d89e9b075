/* Summer Pavilion in the native search (search.h): its moves as the core's codes, and the
 * heuristics of mozaika.pavilion.strategy.StarStrategy, step for step. */
#include "pavilion.h"
#include "search.h"

#include <math.h>

#define BONUS_PROGRESS 0.35
#define HAND_TILE 0.35
#define PASS_FLOOR (-1.5)
static const double PLACEMENTS_BY_ROUND[PV_ROUNDS] = {6.0, 5.3, 4.5, 4.1, 3.3, 2.9};

static int acting(const PavPosition *p) {
    return p->phase == PV_ACQUIRE || p->phase == PV_PLACE || p->phase == PV_PICK;
}

static int pv_search_legal(const SearchGame *game, const void *position, int seat, MoveCode *codes) {
    const PavPosition *p = position;
    if (!acting(p) || seat != p->offer.turn)
        return 0;
    return pv_legal_codes(p, (int *)codes);
}

static int pv_search_first_to_move(const void *position) {
    const PavPosition *p = position;
    return acting(p) ? p->offer.turn : -1;
}

static int pv_search_is_over(const void *position) { return ((const PavPosition *)position)->phase == PV_OVER; }

static int64_t pv_search_round(const void *position) { return ((const PavPosition *)position)->round; }

static int pv_search_play(const SearchGame *game, void *position, MoveCode code, const ChanceSeed *seed) {
    PavPosition *p = position;
    pv_play_code(p, (int)code);
    return p->phase == PV_CHANCE ? pv_resolve_position((PavilionCore *)game->core, p, seed, NULL) : 0;
}

/* strategy._scored_placements: a placement's worth, the points it scores for the tiles it costs. */
static double placement_worth(const PavPosition *p, MoveCode code) {
    int index = (int)(code & PV_INDEX_MASK), space = index / (PV_COLOURS * PV_SLOTS), wilds = index % PV_SLOTS;
    int star = space / PV_SLOTS, slot = space % PV_SLOTS;
    int points = PV_ARC_POINTS[p->boards[p->offer.turn].star_rings[star] | 1 << slot][slot];
    return (double)points - 0.4 * PV_NUMBERS[p->colourless][space] - 0.1 * wilds;
}

static int is_placement(MoveCode code) { return (int)(code >> PV_KIND_SHIFT) == PV_PLACE_MOVE; }

/* StarStrategy.rollout_move: in the placement phase the placement that scores most for the tiles it
 * costs (a pass keeping the most when none is worth more than PASS_FLOOR); else any move. */
static MoveCode pv_search_rollout(const SearchGame *game, const void *position, PyRandom *random, MoveCode *codes) {
    const PavPosition *p = position;
    int count = pv_legal_codes(p, (int *)codes);
    if (count == 0)
        return NO_MOVE;
    if (p->phase != PV_PLACE)
        return count == 1 ? codes[0] : codes[pyrandom_below(random, (uint32_t)count)];
    int best = 0, at = 0;
    double top = PASS_FLOOR;
    for (; at < count && is_placement(codes[at]); at++) {
        MoveCode code = codes[at];
        double worth = placement_worth(p, code);
        keep_best(codes, &best, &top, code, worth);
    }
    if (best)
        return codes[pyrandom_below(random, (uint32_t)best)];
    return at < count ? codes[at] : NO_MOVE; /* the first pass: it keeps the most tiles */
}

/* strategy._pavilion_value: the score, the tiles in hand, and progress to the star and number bonuses. */
static double seat_value(const PavPosition *p, const PavBoard *board) {
    int64_t held = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        held += board->hand[colour];
    double value = (double)board->score + HAND_TILE * (double)(held < 12 ? held : 12);
    for (int star = 0; star < PV_STARS; star++) {
        int filled = bits_in(board->star_rings[star]);
        if (filled && board->star_rings[star] != PV_FULL_STAR)
            value += PV_STAR_BONUS_POINTS[star] * BONUS_PROGRESS * pow((double)filled / 6, 2);
        else if (filled)
            value += PV_STAR_BONUS_POINTS[star] * BONUS_PROGRESS;
    }
    for (int number = 1; number <= 4; number++) {
        uint64_t mask = PV_NUMBER_MASKS[p->colourless][number];
        double share = (double)bits_in(board->filled & mask) / bits_in(mask);
        value += PV_NUMBER_BONUS_POINTS[number] * BONUS_PROGRESS * pow(share, 2);
    }
    return value;
}

/* strategy.star_potential: what the tiles on the stars add to the next `placements` placed (S-9). */
static double star_potential(const PavBoard *board, double placements) {
    int empty = 0, excess = 0;
    for (int star = 0; star < PV_STARS; star++) {
        int ring = board->star_rings[star];
        for (int slot = 0; slot < PV_SLOTS; slot++)
            if (!(ring >> slot & 1)) {
                empty++;
                excess += PV_ARC_POINTS[ring | 1 << slot][slot] - 1;
            }
    }
    return shape_potential(empty, excess, placements);
}

static double board_value(const void *position, int seat) {
    const PavPosition *p = position;
    return seat_value(p, &p->boards[seat]);
}

static double board_potential(const void *position, int seat, double placements) {
    return star_potential(&((const PavPosition *)position)->boards[seat], placements);
}

/* Foresight times the placements left: those of this round and the rounds after it. */
static double placements_left(const void *position, double foresight) {
    const PavPosition *p = position;
    double left = 0;
    for (int round = p->round - 1; round >= 0 && round < PV_ROUNDS; round++)
        left += PLACEMENTS_BY_ROUND[round];
    return foresight * left;
}

static void pv_search_evaluate(const void *position, double foresight, double *points) {
    const PavPosition *p = position;
    Valuation valuation = {placements_left, board_value, board_potential};
    evaluate_seats(p, p->phase == PV_OVER, p->boards, sizeof *p->boards, p->players, foresight, valuation, points);
}

/* StarStrategy.move_priors: a placement's worth, a pass just under PASS_FLOOR (those keeping the
 * most first), any other move 0. */
static void pv_search_priors(const void *position, const MoveCode *codes, int count, double *priors) {
    const PavPosition *p = position;
    int at = 0;
    for (; at < count && is_placement(codes[at]); at++)
        priors[at] = placement_worth(p, codes[at]);
    for (; at < count; at++)
        priors[at] = (int)(codes[at] >> PV_KIND_SHIFT) == PV_PASS_MOVE ? PASS_FLOOR - 0.001 * at : 0.0;
}

/* Summer Pavilion in the search (search.h); the core fills in its `core` and `players`. */
const SearchGame PAVILION_SEARCH = {NULL,
                                    sizeof(PavPosition),
                                    PV_MOST_MOVES,
                                    0,
                                    pv_search_legal,
                                    pv_search_first_to_move,
                                    pv_search_is_over,
                                    pv_search_round,
                                    pv_search_play,
                                    pv_search_rollout,
                                    pv_search_evaluate,
                                    pv_search_priors};
