/* Summer Pavilion's fields for the Python bridge: each board's fields, the getters the shared core
 * does not have, and the flat form of a position (dump and load; the order is documented in
 * mozaika.pavilion.native). */
#include "pavilion.h"

/* --- reading a position out, and in ------------------------------------------------------------- */

enum {
    B_SCORE,
    B_STATS,
    B_FILLED = B_STATS + PV_STAT_COUNT,
    B_COLOURS,
    B_STAR_RINGS,
    B_STAR_COLOURS,
    B_HAND,
    B_PASSED,
    B_FIELDS
};

_Static_assert(B_FIELDS == PV_BOARD_FIELDS, "the family's table counts every board field");

/* board(seat, field): one field of a seat's board (the B_ numbers, in the bridge's order). */
PyObject *pv_board_field(const void *position, int seat, int field) {
    const PavBoard *board = &((const PavPosition *)position)->boards[seat];
    if (field >= B_STATS && field < B_STATS + PV_STAT_COUNT)
        return PyLong_FromLongLong(board->stats[field - B_STATS]);
    switch (field) {
    case B_SCORE:
        return PyLong_FromLongLong(board->score);
    case B_FILLED:
        return PyLong_FromUnsignedLongLong(board->filled);
    case B_COLOURS:
        return small_list(board->colours, PV_SPACES, 1);
    case B_STAR_RINGS:
        return small_list(board->star_rings, PV_STARS, 0);
    case B_STAR_COLOURS:
        return small_list(board->star_colours, PV_STARS, 0);
    case B_HAND:
        return int32_list(board->hand, PV_COLOURS);
    case B_PASSED:
        return PyBool_FromLong(board->passed);
    }
    PyErr_SetString(PyExc_ValueError, "no such board field");
    return NULL;
}

/* The flat form of a position, read and written by dump() and load(): see mozaika.pavilion.native. */
/* The flat form's length: its head, the offer, the piles and the bonus tiles owed, then each seat's board. */
#define PV_DUMP_HEAD \
    (11 + MOST_FACTORIES * PV_COLOURS + PV_COLOURS + (MOST_FACTORIES + 1) + 3 * PV_COLOURS + 1 + PV_MOST_PENDING)
#define PV_DUMP_BOARD (1 + PV_STAT_COUNT + 1 + PV_SPACES + 2 * PV_STARS + PV_COLOURS + 1)
#define PV_DUMP_MOST (PV_DUMP_HEAD + MOST_SEATS * PV_DUMP_BOARD)
_Static_assert(PV_DUMP_MOST <= CORE_DUMP_ROOM,
               "a Summer Pavilion position's flat form fits the dump's buffer on the stack");

int pv_dump(const void *position, int64_t *values) {
    const PavPosition *p = position;
    const Offer *offer = &p->offer;
    /* Every count the loops below run to is bounded by the buffer's layout. */
    if (offer->factory_count > MOST_FACTORIES || p->players > MOST_SEATS || p->pending_len > PV_MOST_PENDING) {
        PyErr_SetString(PyExc_SystemError, "a Summer Pavilion position beyond the native core's bounds");
        return -1;
    }
    int n = 0;
    values[n++] = p->players;
    values[n++] = p->colourless;
    values[n++] = p->phase;
    values[n++] = p->chance_kind;
    values[n++] = p->round;
    values[n++] = p->chance_index;
    n += offer_dump(offer, values + n);
    const int32_t *piles[3] = {p->supply, p->bag, p->tower};
    for (int pile = 0; pile < 3; pile++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            values[n++] = piles[pile][colour];
    values[n++] = p->pending_len;
    for (int owed = 0; owed < p->pending_len; owed++)
        values[n++] = p->pending[owed];
    for (int seat = 0; seat < p->players; seat++) {
        const PavBoard *board = &p->boards[seat];
        values[n++] = board->score;
        for (int stat = 0; stat < PV_STAT_COUNT; stat++)
            values[n++] = board->stats[stat];
        values[n++] = (int64_t)board->filled;
        for (int space = 0; space < PV_SPACES; space++)
            values[n++] = board->colours[space];
        for (int star = 0; star < PV_STARS; star++)
            values[n++] = board->star_rings[star];
        for (int star = 0; star < PV_STARS; star++)
            values[n++] = board->star_colours[star];
        for (int colour = 0; colour < PV_COLOURS; colour++)
            values[n++] = board->hand[colour];
        values[n++] = board->passed;
    }
    return n;
}

static unsigned colour_mask(const int16_t *counts) {
    unsigned mask = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (counts[colour])
            mask |= 1u << colour;
    return mask;
}

void pv_colour_totals(const PavPosition *p, int64_t totals[PV_COLOURS]) {
    const Offer *offer = &p->offer;
    for (int colour = 0; colour < PV_COLOURS; colour++) {
        int64_t total = (int64_t)p->bag[colour] + p->tower[colour] + p->supply[colour] + offer->centre[colour];
        for (int factory = 0; factory < offer->factory_count; factory++)
            total += offer->factories[factory][colour];
        for (int seat = 0; seat < p->players; seat++)
            total += p->boards[seat].hand[colour];
        totals[colour] = total;
    }
    for (int seat = 0; seat < p->players; seat++)
        for (int space = 0; space < PV_SPACES; space++)
            if (p->boards[seat].colours[space] >= 0)
                totals[p->boards[seat].colours[space]]++;
}

/* What the rules keep in step, checked on a loaded position so that no play can leave the
 * structures: the masks and the tiles on the table follow the counts, a board's masks follow its
 * spaces, each phase has what it acts on, and no colour has more tiles than the core holds. */
const char *pv_inconsistency(const PavPosition *p) {
    const Offer *offer = &p->offer;
    int tiles = 0;
    for (int slot = 0; slot <= offer->factory_count; slot++) {
        const int16_t *counts = slot < offer->factory_count ? offer->factories[slot] : offer->centre;
        for (int colour = 0; colour < PV_COLOURS; colour++)
            tiles += counts[colour];
        if (colour_mask(counts) != offer->masks[slot])
            return "a source's colour mask differs from its tiles";
    }
    if (tiles != offer->tiles_on_table)
        return "the tiles on the table differ from the sources' tiles";
    if (p->phase == PV_ACQUIRE && tiles == 0)
        return "an acquisition with no tile to take";
    if (p->phase == PV_CHANCE && p->chance_kind != PV_REFILL && tiles)
        return "factories wait to be filled with tiles still on the table";
    int supply = pv_supply_tiles(p);
    if (supply > PV_SUPPLY_SIZE)
        return "a supply of more than ten tiles";
    if (p->phase == PV_PICK && (!p->pending_len || !supply))
        return "a bonus pick with nothing owed or nothing to pick";
    int64_t totals[PV_COLOURS];
    pv_colour_totals(p, totals);
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (totals[colour] > PV_MOST_TILES)
            return "more tiles of a colour than the native core holds";
    for (int seat = 0; seat < p->players; seat++) {
        const PavBoard *board = &p->boards[seat];
        uint64_t filled = 0;
        uint8_t rings[PV_STARS] = {0}, colours[PV_STARS] = {0};
        for (int space = 0; space < PV_SPACES; space++) {
            int colour = board->colours[space];
            if (colour == PV_EMPTY)
                continue;
            filled |= 1ull << space;
            rings[space / PV_SLOTS] |= (uint8_t)(1u << (space % PV_SLOTS));
            colours[space / PV_SLOTS] |= (uint8_t)(1u << colour);
        }
        if (filled != board->filled || memcmp(rings, board->star_rings, sizeof rings) ||
            memcmp(colours, board->star_colours, sizeof colours))
            return "a board's masks differ from its spaces";
    }
    return NULL;
}

/* load(tables, values): the position of a dump() (or of the bridge's flat form of a Python
 * position); ValueError when a value lies outside what the native core holds. */
void pv_load(void *position, Reader *reader) {
    Reader r = *reader;
    PavPosition *p = position;
    Offer *offer = &p->offer;
    p->players = (uint8_t)next_value(&r, 2, MOST_SEATS);
    int players = p->players;
    p->colourless = (uint8_t)next_value(&r, 0, 1);
    p->phase = (uint8_t)next_value(&r, PV_CHANCE, PV_OVER);
    p->chance_kind = (uint8_t)next_value(&r, PV_SETUP, PV_REFILL);
    p->round = (uint8_t)next_value(&r, 1, PV_ROUNDS);
    p->chance_index = next_value(&r, 0, PV_MOST_CHANCE_INDEX);
    offer_load(offer, &r, players, PV_COLOURS, PV_MOST_TILES);
    int32_t *piles[3] = {p->supply, p->bag, p->tower};
    for (int pile = 0; pile < 3; pile++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            piles[pile][colour] = (int32_t)next_value(&r, 0, PV_MOST_TILES);
    p->pending_len = (uint8_t)next_value(&r, 0, PV_LOADED_PENDING);
    for (int owed = 0; owed < p->pending_len; owed++)
        p->pending[owed] = (uint8_t)next_value(&r, 1, 3);
    for (int seat = 0; seat < players; seat++) {
        PavBoard *board = &p->boards[seat];
        /* Scores and statistics stay far from the ends of the range, so no sum overflows. */
        board->score = next_value(&r, -(1LL << 40), 1LL << 40);
        for (int stat = 0; stat < PV_STAT_COUNT; stat++)
            board->stats[stat] = next_value(&r, -(1LL << 40), 1LL << 40);
        board->filled = (uint64_t)next_value(&r, 0, (1LL << PV_SPACES) - 1);
        for (int space = 0; space < PV_SPACES; space++)
            board->colours[space] = (int8_t)next_value(&r, PV_EMPTY, PV_COLOURS - 1);
        for (int star = 0; star < PV_STARS; star++)
            board->star_rings[star] = (uint8_t)next_value(&r, 0, PV_FULL_STAR);
        for (int star = 0; star < PV_STARS; star++)
            board->star_colours[star] = (uint8_t)next_value(&r, 0, (1 << PV_COLOURS) - 1);
        for (int colour = 0; colour < PV_COLOURS; colour++)
            board->hand[colour] = (int32_t)next_value(&r, 0, PV_MOST_TILES);
        board->passed = (uint8_t)next_value(&r, 0, 1);
    }
    *reader = r;
}

const char *pv_check(const void *position, PyObject *tables) { return pv_inconsistency(position); }

/* --- getters ------------------------------------------------------------------------------------ */

#define POSITION (&self->position)
static PyObject *get_chance_kind(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->chance_kind); }
static PyObject *get_colourless(PavilionCore *self, void *c) { return PyBool_FromLong(POSITION->colourless); }
static PyObject *get_wild(PavilionCore *self, void *c) { return PyLong_FromLong(pv_wild(POSITION)); }
static PyObject *get_tower(PavilionCore *self, void *c) { return int32_list(POSITION->tower, PV_COLOURS); }
static PyObject *get_supply(PavilionCore *self, void *c) { return int32_list(POSITION->supply, PV_COLOURS); }
static PyObject *get_pending_bonus(PavilionCore *self, void *c) {
    return small_list(POSITION->pending, POSITION->pending_len, 0);
}

PyGetSetDef pv_getset[] = {
    {"chance_kind", (getter)get_chance_kind, NULL, NULL, NULL},
    {"colourless", (getter)get_colourless, NULL, NULL, NULL},
    {"wild", (getter)get_wild, NULL, NULL, NULL},
    {"tower", (getter)get_tower, NULL, NULL, NULL},
    {"supply", (getter)get_supply, NULL, NULL, NULL},
    {"pending_bonus", (getter)get_pending_bonus, NULL, NULL, NULL},
    {NULL},
};
