/* The wall games' flat form of a position, read and written by dump() and load(): the order is
 * documented in mozaika.azul.native_form; load checks every value's range and what the rules
 * keep in step, so no input reaches the structures unchecked. */
#include "wall.h"

/* The flat form of a position, read and written by dump() and load(): see mozaika.azul.native. */
/* The flat form's length: its head, the offer and the discs, then each seat's board. */
#define WALL_DUMP_HEAD \
    (10 + MOST_FACTORIES * COLOURS + COLOURS + (MOST_FACTORIES + 1) + 2 * COLOURS + 1 + MOST_FACTORIES + 2)
#define WALL_DUMP_BOARD (1 + STAT_COUNT + 1 + 2 * SIZE + SIZE * SIZE + COLOURS + SIZE + COLOURS + 1 + FLOOR_SPACES + 2)
#define WALL_DUMP_MOST (WALL_DUMP_HEAD + MOST_SEATS * WALL_DUMP_BOARD)
_Static_assert(WALL_DUMP_MOST <= CORE_DUMP_ROOM, "a wall position's flat form fits the dump's buffer on the stack");

int wall_dump(const void *position, int64_t *values) {
    const WallPosition *p = position;
    const Offer *offer = &p->offer;
    /* Every count the loops below run to is bounded by the buffer's layout. */
    if (offer->factory_count > MOST_FACTORIES || p->players > MOST_SEATS) {
        PyErr_SetString(PyExc_SystemError, "a wall position beyond the native core's bounds");
        return -1;
    }
    int n = 0;
    values[n++] = p->players;
    values[n++] = p->grey;
    values[n++] = p->phase;
    values[n++] = p->round;
    values[n++] = p->chance_index;
    n += offer_dump(offer, values + n);
    for (int colour = 0; colour < COLOURS; colour++)
        values[n++] = p->bag[colour];
    for (int colour = 0; colour < COLOURS; colour++)
        values[n++] = p->lid[colour];
    values[n++] = p->special;
    for (int factory = 0; factory < offer->factory_count; factory++)
        values[n++] = p->disc_kind[factory] * 8 + p->disc_colour[factory] + 1;
    values[n++] = p->disc_holder;
    values[n++] = p->disc_tile;
    for (int seat = 0; seat < p->players; seat++) {
        const WallBoard *board = &p->boards[seat];
        values[n++] = board->score;
        for (int stat = 0; stat < STAT_COUNT; stat++)
            values[n++] = board->stats[stat];
        values[n++] = board->wall;
        for (int line = 0; line < SIZE; line++)
            values[n++] = board->line_colour[line];
        for (int line = 0; line < SIZE; line++)
            values[n++] = board->line_count[line];
        for (int space = 0; space < SIZE * SIZE; space++)
            values[n++] = board->wall_colours[space];
        for (int colour = 0; colour < COLOURS; colour++)
            values[n++] = board->colour_rows[colour];
        for (int column = 0; column < SIZE; column++)
            values[n++] = board->column_colours[column];
        for (int colour = 0; colour < COLOURS; colour++)
            values[n++] = board->accept[colour];
        values[n++] = board->floor_len;
        for (int space = 0; space < FLOOR_SPACES; space++)
            values[n++] = space < board->floor_len ? board->floor[space] : EMPTY;
        values[n++] = board->tiling_line;
        values[n++] = board->waiting;
    }
    return n;
}

/* What the rules keep in step, checked on a loaded position so that no play can leave the
 * structures: the masks and the tiles on the table follow the counts, the wall's bits and
 * colour masks follow its colours, a draft has a tile to take and a fill finds the table
 * empty.  NULL when consistent. */
static const char *inconsistency(const WallPosition *p) {
    const Offer *offer = &p->offer;
    int tiles = 0;
    for (int slot = 0; slot <= offer->factory_count; slot++) {
        const int16_t *counts = slot < offer->factory_count ? offer->factories[slot] : offer->centre;
        unsigned mask = 0;
        for (int colour = 0; colour < COLOURS; colour++) {
            tiles += counts[colour];
            if (counts[colour])
                mask |= 1u << colour;
        }
        if (mask != offer->masks[slot])
            return "a source's colour mask differs from its tiles";
    }
    if (tiles != offer->tiles_on_table)
        return "the tiles on the table differ from the sources' tiles";
    if (p->phase == DRAFT && tiles == 0)
        return "a factory offer with no tile to take";
    if (p->phase == CHANCE && tiles)
        return "factories wait to be filled with tiles still on the table"; /* a fill would bury them */
    int waiting = 0;
    for (int seat = 0; seat < p->players; seat++) {
        const WallBoard *board = &p->boards[seat];
        uint8_t colour_rows[COLOURS] = {0}, column_colours[SIZE] = {0};
        uint32_t wall = 0;
        for (int space = 0; space < SIZE * SIZE; space++) {
            int colour = board->wall_colours[space];
            if (colour == EMPTY)
                continue;
            wall |= 1u << space;
            colour_rows[colour] |= (uint8_t)(1u << (space / SIZE));
            column_colours[space % SIZE] |= (uint8_t)(1u << colour);
        }
        if (wall != board->wall || memcmp(colour_rows, board->colour_rows, sizeof colour_rows) ||
            memcmp(column_colours, board->column_colours, sizeof column_colours))
            return "a wall's masks differ from its tiles";
        if (board->waiting) {
            int line = board->tiling_line;
            if (board->line_count[line] != line + 1 || !grey_columns(board, line, board->line_colour[line]))
                return "a board waits to tile a line that is not complete or has no column";
            waiting = 1;
        }
    }
    if ((p->phase == TILING) != waiting)
        return "boards wait to tile exactly in the tiling phase";
    int discs = 0;
    for (int factory = 0; factory < offer->factory_count; factory++)
        discs += p->disc_kind[factory] != NO_DISC;
    if ((!p->special || p->phase == CHANCE || p->phase == OVER) &&
        (discs || p->disc_holder >= 0 || p->disc_tile != EMPTY))
        return "special discs in play without special factories or between rounds";
    if (p->disc_holder < 0 && p->disc_tile != EMPTY)
        return "a praline on an SN5 disc nobody holds";
    if (p->disc_holder >= 0 && disc_index(p, FLOOR_SPACE) < 0)
        return "an SN5 disc held in a round without SN5";
    return NULL;
}

/* load(tables, values): the position of a dump() (or of the bridge's flat form of a Python
 * position); ValueError when a value lies outside what the native core holds. */
/* load: the position of a dump() (or of the bridge's flat form of a Python position), each value
 * checked to lie in what the native core holds; `position` starts zeroed. */
void wall_load(void *position, Reader *reader) {
    Reader r = *reader;
    WallPosition *p = position;
    Offer *offer = &p->offer;
    p->players = (uint8_t)next_value(&r, 2, MOST_SEATS);
    int players = p->players;
    p->grey = (uint8_t)next_value(&r, 0, 1);
    p->phase = (uint8_t)next_value(&r, DRAFT, OVER);
    /* Far below the ends of the range, so that counting rounds and chance events never overflows. */
    p->round = next_value(&r, 1, 1LL << 40);
    p->chance_index = next_value(&r, 0, 1LL << 62);
    offer_load(offer, &r, players, COLOURS, 255);
    for (int colour = 0; colour < COLOURS; colour++)
        p->bag[colour] = (int32_t)next_value(&r, 0, 255);
    for (int colour = 0; colour < COLOURS; colour++)
        p->lid[colour] = (int32_t)next_value(&r, 0, 255);
    p->special = (uint8_t)next_value(&r, 0, 1);
    for (int factory = 0; factory < offer->factory_count; factory++) {
        int code = (int)next_value(&r, 0, FLOOR_SPACE * 8 + COLOURS);
        p->disc_kind[factory] = (uint8_t)(code >> 3);
        p->disc_colour[factory] = (int8_t)((code & 7) - 1);
        if (!r.failed &&
            (p->disc_colour[factory] >= COLOURS || (p->disc_kind[factory] == PULL) != (p->disc_colour[factory] >= 0))) {
            PyErr_SetString(PyExc_ValueError, "no such disc code");
            r.failed = 1;
        }
    }
    for (int factory = offer->factory_count; factory < MOST_FACTORIES; factory++)
        p->disc_colour[factory] = EMPTY;
    p->disc_holder = (int8_t)next_value(&r, -1, players - 1);
    p->disc_tile = (int8_t)next_value(&r, EMPTY, COLOURS - 1);
    for (int seat = 0; seat < players; seat++) {
        WallBoard *board = &p->boards[seat];
        /* Scores and statistics stay far from the ends of the range, so no sum overflows. */
        board->score = next_value(&r, -(1LL << 40), 1LL << 40);
        for (int stat = 0; stat < STAT_COUNT; stat++)
            board->stats[stat] = next_value(&r, -(1LL << 40), 1LL << 40);
        board->wall = (uint32_t)next_value(&r, 0, (1 << (SIZE * SIZE)) - 1);
        for (int line = 0; line < SIZE; line++)
            board->line_colour[line] = (int8_t)next_value(&r, EMPTY, COLOURS - 1);
        for (int line = 0; line < SIZE; line++)
            board->line_count[line] = (uint8_t)next_value(&r, 0, line + 1);
        for (int space = 0; space < SIZE * SIZE; space++)
            board->wall_colours[space] = (int8_t)next_value(&r, EMPTY, COLOURS - 1);
        for (int colour = 0; colour < COLOURS; colour++)
            board->colour_rows[colour] = (uint8_t)next_value(&r, 0, FULL_ROW);
        for (int column = 0; column < SIZE; column++)
            board->column_colours[column] = (uint8_t)next_value(&r, 0, FULL_ROW);
        for (int colour = 0; colour < COLOURS; colour++)
            board->accept[colour] = (uint8_t)next_value(&r, 0, FULL_ROW);
        board->floor_len = (uint8_t)next_value(&r, 0, FLOOR_SPACES);
        for (int space = 0; space < FLOOR_SPACES; space++) {
            int8_t tile = (int8_t)next_value(&r, EMPTY, MARKER);
            board->floor[space] = tile;
            if ((space < board->floor_len) != (tile != EMPTY) && !r.failed) {
                PyErr_SetString(PyExc_ValueError, "a floor's spaces must match its length");
                r.failed = 1;
            }
        }
        board->tiling_line = (uint8_t)next_value(&r, 0, SIZE);
        board->waiting = (uint8_t)next_value(&r, 0, 1);
        for (int line = 0; line < SIZE && !r.failed; line++)
            if ((board->line_count[line] == 0) != (board->line_colour[line] == EMPTY)) {
                PyErr_SetString(PyExc_ValueError, "a pattern line's colour must match its count");
                r.failed = 1;
            }
        if (!r.failed && board->waiting && (board->tiling_line >= SIZE || board->line_colour[board->tiling_line] < 0)) {
            PyErr_SetString(PyExc_ValueError, "a waiting board must have a complete line to tile");
            r.failed = 1;
        }
    }
    *reader = r;
}

/* What a loaded position must keep: tables that can play its special factories, and what the rules
 * keep in step. */
const char *wall_check(const void *position, PyObject *tables) {
    const WallPosition *p = position;
    if (p->special && !has_special_tables(tables)) {
        PyErr_SetString(PyExc_ValueError, "special factories need tables that can play them");
        return "special factories need tables that can play them";
    }
    return inconsistency(p);
}
