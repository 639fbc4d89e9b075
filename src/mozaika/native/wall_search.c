/* The wall games in the native search (search.h): Azul and Master Chocolatier, their moves as
 * numbers, and the heuristics of mozaika.azul.strategy.WallStrategy, step for step. */
#include "search.h"
#include "wall.h"

#include <math.h>

/* A take: its slot (a factory, the centre last), colour, line (the floor last), and for SN4's
 * takes the split; a wall move (the grey wall's column): COLUMN_MOVE | seat * 25 + line * 5 + column. */
#define COLUMN_MOVE (1u << 21)
#define WALL_MOST_MOVES 1024 /* 10 sources, 5 colours, 6 lines, and SN4's 16 splits at most */
#define BONUS_PROGRESS 0.35
#define PARTIAL_LINE 0.45
#define PLACEMENTS_A_ROUND 2.5

static MoveCode take_code(int slot, int colour, int line, int split, unsigned to_previous, unsigned to_next) {
    return (MoveCode)slot | (MoveCode)colour << 4 | (MoveCode)line << 7 | (MoveCode)split << 10 |
           (MoveCode)to_previous << 11 | (MoveCode)to_next << 16;
}

static int wall_legal(const SearchGame *game, const void *position, int seat, MoveCode *codes) {
    const WallPosition *p = position;
    int count = 0;
    if (p->phase == DRAFT && seat == p->offer.turn) {
        const uint8_t *accept = p->boards[seat].accept;
        int split_from = p->special ? disc_index(p, SPLIT) : -1;
        for (int slot = 0; slot <= p->offer.factory_count; slot++) {
            unsigned mask = p->offer.masks[slot];
            int splits = slot == split_from && (mask & (mask - 1));
            for (int colour = 0; colour < COLOURS; colour++) {
                if (!(mask >> colour & 1))
                    continue;
                for (int line = 0; line <= SIZE; line++) {
                    if (line < SIZE && !(accept[colour] >> line & 1))
                        continue;
                    if (!splits) {
                        codes[count++] = take_code(slot, colour, line, 0, 0, 0);
                        continue;
                    }
                    /* M-3: every subset of the leftovers to the previous neighbour, from all down to none. */
                    unsigned leftovers = mask & ~(1u << colour), subset = leftovers;
                    for (;;) {
                        codes[count++] = take_code(slot, colour, line, 1, subset, leftovers ^ subset);
                        if (subset == 0)
                            break;
                        subset = (subset - 1) & leftovers;
                    }
                }
            }
        }
    } else if (p->phase == TILING && seat >= 0 && seat < p->players && p->boards[seat].waiting) {
        const WallBoard *board = &p->boards[seat];
        int line = board->tiling_line;
        unsigned columns = grey_columns(board, line, board->line_colour[line]);
        for (int column = 0; column < SIZE; column++)
            if (columns >> column & 1)
                codes[count++] = COLUMN_MOVE | (MoveCode)(seat * 25 + line * SIZE + column);
    }
    return count;
}

static int wall_first_to_move(const void *position) {
    const WallPosition *p = position;
    if (p->phase == DRAFT)
        return p->offer.turn;
    if (p->phase == TILING)
        for (int seat = 0; seat < p->players; seat++)
            if (p->boards[seat].waiting)
                return seat;
    return -1;
}

static int wall_is_over(const void *position) {
    return ((const WallPosition *)position)->phase == OVER;
}

static int64_t wall_round(const void *position) {
    return ((const WallPosition *)position)->round;
}

static int wall_play(const SearchGame *game, void *position, MoveCode code, const ChanceSeed *seed) {
    WallPosition *p = position;
    if (code & COLUMN_MOVE) {
        int index = (int)(code & ~COLUMN_MOVE);
        choose_column(p, index / 25, index / SIZE % SIZE, index % SIZE);
    } else {
        int slot = (int)(code & 15), colour = (int)(code >> 4 & 7), line = (int)(code >> 7 & 7);
        int source = slot == p->offer.factory_count ? -1 : slot;
        if (p->special) {
            if (play_take(p, source, colour, line, (int)(code >> 10 & 1), (long)(code >> 11 & 31),
                          (long)(code >> 16 & 31)) != 1) {
                PyErr_SetString(PyExc_RuntimeError, "the search played a move the rules refuse");
                return -1;
            }
        } else {
            settle_take(p, source, colour, line);
        }
    }
    return p->phase == CHANCE ? resolve_position((WallCore *)game->core, p, seed, NULL) : 0;
}

/* WallStrategy.rollout_move (_azul): the take that finishes the most of a pattern line for the
 * least waste, ties broken at random; a column of the grey wall at random. */
static MoveCode wall_rollout(const SearchGame *game, const void *position, PyRandom *random, MoveCode *codes) {
    const WallPosition *p = position;
    int count = wall_legal(game, position, wall_first_to_move(position), codes);
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
        int slot = (int)(code & 15), colour = (int)(code >> 4 & 7), line = (int)(code >> 7 & 7);
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
        if (worth > top + 1e-9) {
            top = worth;
            best = 0;
            codes[best++] = code;
        } else if (worth > top - 1e-9) {
            codes[best++] = code;
        }
    }
    return codes[pyrandom_below(random, (uint32_t)best)];
}

static int bits_in(uint32_t value) {
    int count = 0;
    for (; value; value &= value - 1)
        count++;
    return count;
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
    if (!empty)
        return 0.0;
    double share = placements / empty;
    return excess * (share < 1.0 ? share : 1.0);
}

static void wall_evaluate(const void *position, double foresight, double *points) {
    const WallPosition *p = position;
    if (p->phase == OVER) {
        for (int seat = 0; seat < p->players; seat++)
            points[seat] = (double)p->boards[seat].score;
        return;
    }
    double placements = 0.0;
    if (foresight != 0.0) {
        int fullest = 0;
        for (int seat = 0; seat < p->players; seat++)
            for (int row = 0; row < SIZE; row++) {
                int filled = bits_in(p->boards[seat].wall >> (SIZE * row) & FULL_ROW);
                fullest = filled > fullest ? filled : fullest;
            }
        placements = foresight * PLACEMENTS_A_ROUND * (SIZE - fullest);
    }
    for (int seat = 0; seat < p->players; seat++) {
        points[seat] = board_value(p, &p->boards[seat]);
        if (foresight != 0.0)
            points[seat] += wall_potential(p->boards[seat].wall, placements);
    }
}

/* WallStrategy.move_priors: every move alike. */
static void wall_priors(const void *position, const MoveCode *codes, int count, double *priors) {
    for (int at = 0; at < count; at++)
        priors[at] = 0.0;
}

static PyObject *wall_code_to_move(PyObject *core, MoveCode code) {
    WallCore *self = (WallCore *)core;
    PyObject *move;
    if (code & COLUMN_MOVE) {
        int index = (int)(code & ~COLUMN_MOVE);
        move = wall_move(self, index / 25, index / SIZE % SIZE, index % SIZE);
    } else {
        int slot = (int)(code & 15), colour = (int)(code >> 4 & 7), line = (int)(code >> 7 & 7);
        if (code >> 10 & 1)
            return split_move(self, slot == self->position.offer.factory_count ? -1 : slot, colour, line,
                              code >> 11 & 31, code >> 16 & 31);
        move = take_move(self, slot, colour, line);
    }
    Py_INCREF(move);
    return move;
}

/* search(shortlist, seat, generator state, options): see search_method. */
PyObject *WallCore_search(WallCore *self, PyObject *args) {
    SearchGame game = {(PyObject *)self,  sizeof(WallPosition), WALL_MOST_MOVES, self->position.players,
                       wall_legal,        wall_first_to_move,   wall_is_over,    wall_round,
                       wall_play,         wall_rollout,         wall_evaluate,   wall_priors};
    return search_method(&game, &self->position, args, wall_code_to_move);
}
