/* The wall games in the native search (search.h): Azul and Master Chocolatier, their moves as
 * numbers, and the heuristics of mozaika.azul.strategy.WallStrategy, step for step. */
#include "search.h"
#include "wall.h"

#include <math.h>

/* The moves are wall_move_codes' numbers (wall.h). */
#define BONUS_PROGRESS 0.35
#define PARTIAL_LINE 0.45
#define PLACEMENTS_A_ROUND 2.5

static int wall_legal(const SearchGame *game, const void *position, int seat, MoveCode *codes) {
    return wall_move_codes(position, seat, codes);
}

static int wall_to_move(const void *position) { return wall_first_to_move(position); }

static int wall_is_over(const void *position) { return ((const WallPosition *)position)->phase == OVER; }

static int64_t wall_round(const void *position) { return ((const WallPosition *)position)->round; }

static int wall_play(const SearchGame *game, void *position, MoveCode code, const ChanceSeed *seed) {
    return wall_play_code((WallCore *)game->core, position, code, seed);
}

/* WallStrategy.rollout_move (_azul): the take that finishes the most of a pattern line for the
 * least waste, ties broken at random; a column of the grey wall at random. */
static MoveCode wall_rollout(const SearchGame *game, const void *position, PyRandom *random, MoveCode *codes) {
    const WallPosition *p = position;
    int count = wall_move_codes(position, wall_first_to_move(position), codes);
    if (count == 0)
        return NO_MOVE;
    if (count == 1)
        return codes[0];
    if (p->phase != DRAFT)
        return codes[pyrandom_below(random, (uint32_t)count)];
    const uint8_t *line_count = p->boards[p->offer.turn].line_count;
    int best = 0;
    double top = -1e9;
    for (int at = 0; at < count; at++) {
        MoveCode code = codes[at];
        int slot = CODE_SLOT(code), colour = CODE_COLOUR(code), line = CODE_LINE(code);
        int centre = slot == p->offer.factory_count;
        int taken = centre ? p->offer.centre[colour] : p->offer.factories[slot][colour];
        double worth;
        if (line == FLOOR_LINE) {
            worth = -1.5 * taken;
        } else {
            int size = line + 1, space = size - line_count[line];
            int placed = taken < space ? taken : space;
            worth = (placed == space ? 1.5 : (double)placed / size) - 1.2 * (taken - placed);
        }
        if (centre && p->offer.marker_in_centre)
            worth -= 0.7; /* the first-player marker costs a floor space */
        keep_best(codes, &best, &top, code, worth);
    }
    return codes[pyrandom_below(random, (uint32_t)best)];
}

/* strategy._azul_value: the score, what the pattern lines will bring, and progress to the bonuses. */
static double board_value(const WallPosition *p, const WallBoard *board) {
    int64_t loss = FLOOR_LOSS[board->floor_len];
    double value = (double)board->score - (double)(loss < board->score ? loss : board->score);
    uint32_t wall = board->wall;
    for (int line = 0; line < SIZE; line++) {
        int count = board->line_count[line];
        if (!count)
            continue;
        int colour = board->line_colour[line], points;
        if (p->grey) {
            unsigned columns = grey_columns(board, line, colour);
            if (!columns)
                continue;
            points = 0;
            for (int column = 0; column < SIZE; column++)
                if (columns >> column & 1) {
                    int these = placement_points(wall | 1u << (SIZE * line + column), line, column);
                    points = these > points ? these : points;
                }
        } else {
            int column = (line + colour) % SIZE;
            points = placement_points(wall | 1u << (SIZE * line + column), line, column);
        }
        value += count == line + 1 ? (double)points : (double)points * PARTIAL_LINE * count / (line + 1);
    }
    /* Progress towards the end-of-game bonuses. */
    for (int row = 0; row < SIZE; row++)
        value += 2 * BONUS_PROGRESS * pow((double)bits_in(wall >> (SIZE * row) & FULL_ROW) / SIZE, 2);
    for (int column = 0; column < SIZE; column++) {
        int filled = 0;
        for (int row = 0; row < SIZE; row++)
            filled += wall >> (SIZE * row + column) & 1;
        value += 7 * BONUS_PROGRESS * pow((double)filled / SIZE, 2);
    }
    int counts[COLOURS] = {0};
    for (int space = 0; space < SIZE * SIZE; space++)
        if (board->wall_colours[space] >= 0)
            counts[board->wall_colours[space]]++;
    for (int colour = 0; colour < COLOURS; colour++)
        value += 10 * BONUS_PROGRESS * pow((double)counts[colour] / SIZE, 2);
    return value;
}

/* strategy.wall_potential: what the tiles on `wall` add to the next `placements` placed on it. */
static double wall_potential(uint32_t wall, double placements) {
    int empty = 0, excess = 0;
    for (int row = 0; row < SIZE; row++)
        for (int column = 0; column < SIZE; column++) {
            uint32_t space = 1u << (SIZE * row + column);
            if (!(wall & space)) {
                empty++;
                excess += placement_points(wall | space, row, column) - 1;
            }
        }
    return shape_potential(empty, excess, placements);
}

static double seat_value(const void *position, int seat) {
    const WallPosition *p = position;
    return board_value(p, &p->boards[seat]);
}

static double seat_potential(const void *position, int seat, double placements) {
    return wall_potential(((const WallPosition *)position)->boards[seat].wall, placements);
}

/* Foresight times the placements left: a round's for each row the fullest wall still lacks. */
static double placements_left(const void *position, double foresight) {
    const WallPosition *p = position;
    int fullest = 0;
    for (int seat = 0; seat < p->players; seat++)
        for (int row = 0; row < SIZE; row++) {
            int filled = bits_in(p->boards[seat].wall >> (SIZE * row) & FULL_ROW);
            fullest = filled > fullest ? filled : fullest;
        }
    return foresight * PLACEMENTS_A_ROUND * (SIZE - fullest);
}

static void wall_evaluate(const void *position, double foresight, double *points) {
    const WallPosition *p = position;
    Valuation valuation = {placements_left, seat_value, seat_potential};
    evaluate_seats(p, p->phase == OVER, p->boards, sizeof *p->boards, p->players, foresight, valuation, points);
}

/* WallStrategy.move_priors: every move alike. */
static void wall_priors(const void *position, const MoveCode *codes, int count, double *priors) {
    for (int at = 0; at < count; at++)
        priors[at] = 0.0;
}

/* The wall games in the search (search.h); the core fills in its `core` and `players`. */
const SearchGame WALL_SEARCH = {NULL,       sizeof(WallPosition), WALL_MOST_MOVES, 0,
                                wall_legal, wall_to_move,         wall_is_over,    wall_round,
                                wall_play,  wall_rollout,         wall_evaluate,   wall_priors};
