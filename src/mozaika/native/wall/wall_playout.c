/* The wall games' playouts: a whole random game in C, drawing the generator's numbers exactly when and
 * as often as the Python engine's playout does (AzulState.playout, and State.playout with the
 * special factories), so both engines play the same game from the same generator. */
#include "wall.h"

#include <math.h>

/* One draft move of a game with special factories, as State.playout picks it: uniform over
 * legal_moves() in its order (SN4's takes once per split), found without building the list;
 * the move is recorded and played.  0, or -1 with an error set (no Python call: it may run without
 * the GIL). */
static int special_draft_step(WallPosition *p, Draws *draws, StepRecord *record) {
    const uint8_t *accept = p->boards[p->offer.turn].accept;
    int split_from = disc_index(p, SPLIT);
    unsigned on_split = split_from >= 0 ? p->offer.masks[split_from] : 0;
    int splits_each = on_split & (on_split - 1) ? 1 << (bits_in(on_split) - 1) : 1;
    long count = 0;
    for (int slot = 0; slot <= p->offer.factory_count; slot++) {
        int each = slot == split_from ? splits_each : 1;
        for (int colour = 0; colour < COLOURS; colour++)
            if (p->offer.masks[slot] >> colour & 1)
                count += (long)each * (bits_in(accept[colour]) + 1);
    }
    if (count == 0) {
        native_error(PyExc_RuntimeError, "no legal move in a position that is not over");
        return -1;
    }
    double number = draws_next(draws);
    if (number < 0)
        return -1;
    long pick = (long)(number * (double)count);
    for (int slot = 0; slot <= p->offer.factory_count; slot++) {
        int each = slot == split_from ? splits_each : 1;
        for (int colour = 0; colour < COLOURS; colour++) {
            if (!(p->offer.masks[slot] >> colour & 1))
                continue;
            for (int line = 0; line <= SIZE; line++) {
                int destination = line < SIZE ? line : FLOOR_LINE;
                if (line < SIZE && !(accept[colour] >> line & 1))
                    continue;
                if (pick >= each) {
                    pick -= each;
                    continue;
                }
                int source = slot == p->offer.factory_count ? -1 : slot;
                unsigned to_previous = 0, to_next = 0;
                int split = each > 1;
                if (split) {
                    unsigned leftovers = on_split & ~(1u << colour);
                    to_previous = leftovers; /* add_splits' order: every subset, from all of them down to none */
                    for (long nth = 0; nth < pick; nth++)
                        to_previous = (to_previous - 1) & leftovers;
                    to_next = leftovers ^ to_previous;
                    record_split(record, source, colour, destination, to_previous, to_next);
                } else {
                    record_take(record, slot, colour, destination);
                }
                if (play_take(p, source, colour, destination, split, to_previous, to_next) != 1) {
                    native_error(PyExc_RuntimeError, "a listed move was refused");
                    return -1;
                }
                return 0;
            }
        }
    }
    native_error(PyExc_RuntimeError, "a move was counted but not found");
    return -1;
}

/* wall_playout: each decision uniform over the legal moves, as AzulState.playout draws it from the
 * generator. */
int wall_playout(WallCore *self, WallPosition *p, Draws *draws, const ChanceSeed *chance, StepRecord *record) {
    static const int widths[32] = {1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
                                   2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6};
    int holders[MOST_COLOURS], holders_known = 0;
    for (;;) {
        if (p->phase == DRAFT && p->special) {
            /* The protocol's own loop (State.playout), as the Python engine plays these games. */
            if (special_draft_step(p, draws, record) < 0)
                return -1;
        } else if (p->phase == DRAFT) {
            if (!holders_known) {
                offer_colour_holders(&p->offer, holders);
                holders_known = 1;
            }
            const uint8_t *accept = p->boards[p->offer.turn].accept;
            long blocks[COLOURS], total = 0;
            for (int colour = 0; colour < COLOURS; colour++) {
                blocks[colour] = (long)widths[accept[colour]] * holders[colour];
                total += blocks[colour];
            }
            double number = draws_next(draws);
            if (number < 0)
                return -1;
            long pick = (long)floor(number * (double)total);
            int colour = 0;
            while (colour < COLOURS - 1 && pick >= blocks[colour]) {
                pick -= blocks[colour];
                colour++;
            }
            long span = widths[accept[colour]];
            long nth = pick / span;
            int slot_index = (int)(pick - nth * span);
            int slot = 0;
            for (; slot < p->offer.factory_count; slot++)
                if (p->offer.masks[slot] >> colour & 1) {
                    if (!nth)
                        break;
                    nth--;
                }
            int line = FLOOR_LINE;
            for (int candidate = 0, seen = 0; candidate < SIZE; candidate++)
                if (accept[colour] >> candidate & 1) {
                    if (seen == slot_index) {
                        line = candidate;
                        break;
                    }
                    seen++;
                }
            record_take(record, slot, colour, line);
            /* The sources holding each colour after the take (AzulState.playout's holders): the centre
             * loses the colour taken; a factory is emptied, and each of its colours has one holder
             * fewer unless it goes to a centre that did not hold it. */
            if (slot == p->offer.factory_count) {
                holders[colour]--;
            } else {
                unsigned centre_colours = p->offer.masks[p->offer.factory_count] | 1u << colour;
                unsigned both = p->offer.masks[slot] & centre_colours;
                for (int other = 0; other < COLOURS; other++)
                    holders[other] -= (int)(both >> other & 1);
            }
            settle_take(p, slot == p->offer.factory_count ? -1 : slot, colour, line);
        } else if (p->phase == TILING) {
            int codes[MOST_SEATS * SIZE], count = 0;
            for (int seat = 0; seat < p->players; seat++) {
                const WallBoard *board = &p->boards[seat];
                if (!board->waiting)
                    continue;
                int line = board->tiling_line;
                unsigned columns = grey_columns(board, line, board->line_colour[line]);
                for (int column = 0; column < SIZE; column++)
                    if (columns >> column & 1)
                        codes[count++] = seat * 25 + line * SIZE + column;
            }
            if (count == 0) {
                native_error(PyExc_RuntimeError, "a tiling phase with no column to choose");
                return -1;
            }
            double number = draws_next(draws);
            if (number < 0)
                return -1;
            int code = codes[(int)floor(number * count)];
            record_wall_move(record, code / 25, code / SIZE % SIZE, code % SIZE);
            choose_column(p, code / 25, code / SIZE % SIZE, code % SIZE);
        } else if (p->phase == CHANCE) {
            if (resolve_position(self, p, chance, record) < 0)
                return -1;
            holders_known = 0;
        } else {
            return 0;
        }
    }
}
