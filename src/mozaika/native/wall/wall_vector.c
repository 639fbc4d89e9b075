/* Azul and Master Chocolatier in the vector environment (vector.h): their observations and action
 * indices exactly as mozaika.azul.learning and mozaika.chocolatier.learning make them (docs/rl.md). */
#include "vector.h"
#include "wall.h"

#define SEATS 4
#define BOARD_SIZE (1 + 5 * 6 + 25 * 5 + 3)
#define SHARED_SIZE (4 + 1 + 9 * 5 + 5 + 1 + 10)
#define DISC_KINDS 9
#define EXTRAS_SIZE (9 * DISC_KINDS + SEATS + 5)
#define TAKE_ACTIONS 300
#define ACTIONS (TAKE_ACTIONS + 25)
#define SPLIT_ACTIONS (9 * 5 * 6 * 16)

static int codes(const void *position, uint32_t *out) {
    const WallPosition *p = position;
    return wall_move_codes(p, wall_first_to_move(p), out);
}

/* learning.take_index, the centre as source 9; Master Chocolatier's split takes after Azul's actions,
 * 16 a take: a bit for each other colour (in colour order) that goes to the previous factory. */
static int action_of(const VectorCore *self, const void *position, uint32_t code) {
    const WallPosition *p = position;
    if (code & COLUMN_MOVE)
        return TAKE_ACTIONS + (int)(code & ~COLUMN_MOVE) % 25;
    int slot = CODE_SLOT(code) == p->offer.factory_count ? 9 : CODE_SLOT(code), colour = CODE_COLOUR(code);
    int take = 6 * (5 * slot + colour) + CODE_LINE(code);
    if (!CODE_SPLIT(code))
        return take;
    int previous = 0;
    for (int other = 0, bit = 0; other < COLOURS; other++)
        if (other != colour)
            previous |= (int)(CODE_TO_PREVIOUS(code) >> other & 1) << bit++;
    return ACTIONS + 16 * take + previous;
}

static int first_to_move(const void *position) { return wall_first_to_move(position); }

static int is_over(const void *position) { return ((const WallPosition *)position)->phase == OVER; }

static int play(PyObject *core, void *position, uint32_t code, const ChanceSeed *seed) {
    return wall_play_code((WallCore *)core, position, code, seed);
}

static int resolve(PyObject *core, void *position, const ChanceSeed *seed) {
    return resolve_position((WallCore *)core, position, seed, NULL);
}

/* A disc's place in chocolatier.discs.DISCS: SN1, SN2 of each colour, SN3, SN4, SN5. */
static int disc_number(int kind, int colour) {
    switch (kind) {
    case EXTRA_TILE:
        return 0;
    case PULL:
        return 1 + colour;
    case KEEP:
        return 6;
    case SPLIT:
        return 7;
    default:
        return 8;
    }
}

/* Counts as the encoding scales them, each worked out once (learning's blocks: count / 4, count / 20,
 * a pattern line's tiles / its size, the floor's tiles / 7). */
#define TABLED 256
static float QUARTERS[TABLED], TWENTIETHS[TABLED], LINE_SHARES[SIZE][SIZE + 1], FLOOR_SHARES[FLOOR_SPACES + 1];

static void fill_tables(void) {
    for (int count = 0; count < TABLED; count++) {
        QUARTERS[count] = (float)((double)count / 4);
        TWENTIETHS[count] = (float)((double)count / 20);
    }
    for (int line = 0; line < SIZE; line++)
        for (int count = 0; count <= SIZE; count++)
            LINE_SHARES[line][count] = (float)((double)count / (line + 1));
    for (int count = 0; count <= FLOOR_SPACES; count++)
        FLOOR_SHARES[count] = (float)((double)count / 7);
}

static float scaled(const float *table, double whole, int64_t count) {
    return count >= 0 && count < TABLED ? table[count] : (float)((double)count / whole);
}

static void encode_board(const WallBoard *board, float *out) {
    out[0] = (float)((double)board->score / 100);
    for (int line = 0; line < SIZE; line++)
        if (board->line_count[line]) {
            out[1 + 6 * line] = LINE_SHARES[line][board->line_count[line]];
            out[1 + 6 * line + 1 + board->line_colour[line]] = 1.0f;
        }
    for (uint32_t filled = board->wall; filled; filled &= filled - 1) { /* the wall's tiles, by their bits */
        int cell = __builtin_ctz(filled);
        if (board->wall_colours[cell] >= 0)
            out[31 + 5 * cell + board->wall_colours[cell]] = 1.0f;
    }
    int marker = 0;
    for (int space = 0; space < board->floor_len; space++)
        marker |= board->floor[space] == MARKER;
    out[156] = FLOOR_SHARES[board->floor_len];
    out[157] = (float)marker;
    out[158] = (float)board->waiting;
}

/* learning.WALL_ENCODING (and chocolatier.learning's extras): the phase and round, the factories and
 * the centre, the bag and the lid, then each board from the observer's on, padded to four. */
static void encode(const VectorCore *self, const void *position, int seat, float *out) {
    const WallPosition *p = position;
    out[p->phase] = 1.0f;
    out[4] = (float)((double)p->round / 10);
    if (!QUARTERS[1])
        fill_tables();
    for (int factory = 0; factory < p->offer.factory_count; factory++)
        if (p->offer.masks[factory])
            for (int colour = 0; colour < COLOURS; colour++)
                out[5 + 5 * factory + colour] = scaled(QUARTERS, 4, p->offer.factories[factory][colour]);
    for (int colour = 0; colour < COLOURS; colour++) {
        out[50 + colour] = scaled(TWENTIETHS, 20, p->offer.centre[colour]);
        out[56 + colour] = scaled(TWENTIETHS, 20, p->bag[colour]);
        out[61 + colour] = scaled(TWENTIETHS, 20, p->lid[colour]);
    }
    out[55] = (float)p->offer.marker_in_centre;
    for (int at = 0; at < p->players; at++)
        encode_board(&p->boards[(seat + at) % p->players], out + SHARED_SIZE + BOARD_SIZE * at);
    if (!self->extended)
        return;
    float *extras = out + SHARED_SIZE + BOARD_SIZE * SEATS;
    if (p->special)
        for (int factory = 0; factory < p->offer.factory_count; factory++)
            if (p->disc_kind[factory] != NO_DISC)
                extras[DISC_KINDS * factory + disc_number(p->disc_kind[factory], p->disc_colour[factory])] = 1.0f;
    if (p->disc_holder >= 0)
        extras[9 * DISC_KINDS + (p->disc_holder - seat + p->players) % p->players] = 1.0f;
    if (p->disc_tile >= 0)
        extras[9 * DISC_KINDS + SEATS + p->disc_tile] = 1.0f;
}

static int written(int players) { return SHARED_SIZE + BOARD_SIZE * players; }

static void scores(const void *position, int64_t *out) {
    const WallPosition *p = position;
    board_scores(p->boards, sizeof *p->boards, p->players, out);
}

static int winners(const void *position, int *seats) { return wall_winners(position, seats); }

const VectorGame WALL_VECTOR = {
    SHARED_SIZE + SEATS * BOARD_SIZE,
    EXTRAS_SIZE,
    ACTIONS,
    SPLIT_ACTIONS,
    WALL_MOST_MOVES,
    sizeof(WallPosition),
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
};
