/* The wall games' moves as numbers (wall.h: wall_move_codes), for the native search and the vector
 * environment: the legal moves in the Python engine's order, and play by number. */
#include "wall.h"

static uint32_t take_code(int slot, int colour, int line, int split, unsigned to_previous, unsigned to_next) {
    return (uint32_t)slot | (uint32_t)colour << 4 | (uint32_t)line << 7 | (uint32_t)split << 10 |
           (uint32_t)to_previous << 11 | (uint32_t)to_next << 16;
}

int wall_move_codes(const WallPosition *p, int seat, uint32_t *codes) {
    int count = 0;
    if (p->phase == DRAFT && seat == p->offer.turn) {
        const uint8_t *accept = p->boards[seat].accept;
        int split_from = p->special ? disc_index(p, SPLIT) : -1;
        for (int slot = 0; slot <= p->offer.factory_count; slot++) {
            unsigned mask = p->offer.masks[slot];
            int splits = slot == split_from && (mask & (mask - 1));
            for (unsigned colours = mask; colours; colours &= colours - 1) {
                int colour = __builtin_ctz(colours);
                /* The pattern lines that take the colour, then the floor (bit 5): the engine's order. */
                unsigned lines = accept[colour] | 1u << FLOOR_LINE;
                if (!splits) {
                    uint32_t base = take_code(slot, colour, 0, 0, 0, 0);
                    for (; lines; lines &= lines - 1)
                        codes[count++] = base | (uint32_t)__builtin_ctz(lines) << 7;
                    continue;
                }
                for (; lines; lines &= lines - 1) {
                    int line = __builtin_ctz(lines);
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
                codes[count++] = COLUMN_MOVE | (uint32_t)(seat * 25 + line * SIZE + column);
    }
    return count;
}

int wall_first_to_move(const WallPosition *p) {
    if (p->phase == DRAFT)
        return p->offer.turn;
    if (p->phase == TILING)
        for (int seat = 0; seat < p->players; seat++)
            if (p->boards[seat].waiting)
                return seat;
    return -1;
}

int wall_play_move(WallPosition *p, uint32_t code) {
    if (code & COLUMN_MOVE) {
        int index = (int)(code & ~COLUMN_MOVE);
        choose_column(p, index / 25, index / SIZE % SIZE, index % SIZE);
    } else {
        int source = CODE_SLOT(code) == p->offer.factory_count ? -1 : CODE_SLOT(code);
        if (p->special) {
            if (play_take(p, source, CODE_COLOUR(code), CODE_LINE(code), CODE_SPLIT(code), CODE_TO_PREVIOUS(code),
                          CODE_TO_NEXT(code)) != 1) {
                native_error(PyExc_RuntimeError, "a move the rules refuse was played by its number");
                return -1;
            }
        } else {
            settle_take(p, source, CODE_COLOUR(code), CODE_LINE(code));
        }
    }
    return 0;
}

int wall_play_code(WallCore *core, WallPosition *p, uint32_t code, const ChanceSeed *seed) {
    if (wall_play_move(p, code) < 0)
        return -1;
    return p->phase == CHANCE ? resolve_position(core, p, seed, NULL) : 0;
}

int64_t wall_pending_chance(const WallPosition *p, int *bytes) {
    if (p->phase != CHANCE)
        return -1;
    /* resolve_special's 64 bits, or the fill's draw */
    *bytes = p->special ? 8 : (DRAW_BITS(FACTORY_SIZE * p->offer.factory_count) + 7) / 8;
    return p->chance_index;
}

int wall_winners(const WallPosition *p, int *seats) {
    int64_t best = INT64_MIN;
    for (int seat = 0; seat < p->players; seat++)
        best = p->boards[seat].score > best ? p->boards[seat].score : best;
    int most = -1, count = 0; /* ties go to the most complete horizontal rows */
    for (int seat = 0; seat < p->players; seat++)
        if (p->boards[seat].score == best) {
            int rows = 0;
            for (int row = 0; row < SIZE; row++)
                rows += (p->boards[seat].wall >> (SIZE * row) & FULL_ROW) == FULL_ROW;
            if (rows > most) {
                most = rows;
                count = 0;
            }
            if (rows == most)
                seats[count++] = seat;
        }
    return count;
}

PyObject *wall_code_object(WallCore *self, uint32_t code) {
    PyObject *move;
    if (code & COLUMN_MOVE) {
        int index = (int)(code & ~COLUMN_MOVE);
        move = wall_move(self, index / 25, index / SIZE % SIZE, index % SIZE);
    } else {
        int slot = CODE_SLOT(code), colour = CODE_COLOUR(code), line = CODE_LINE(code);
        if (CODE_SPLIT(code))
            return split_move(self->tables, slot == self->position.offer.factory_count ? -1 : slot, colour, line,
                              CODE_TO_PREVIOUS(code), CODE_TO_NEXT(code));
        move = take_move(self, slot, colour, line);
    }
    Py_INCREF(move);
    return move;
}
