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

/* Six pattern-line bits (the floor the sixth) as eight bytes of a mask, 0 or 1: bit k moved 7k places
 * up lands on byte k, and no two of the shifted copies meet, so nothing carries. */
static inline uint64_t line_bytes(unsigned lines) { return (lines * 0x810204081ull) & 0x0101010101010101ull; }

static void mark(int8_t *mask, uint64_t *bits, int action) {
    mask[action] = 1;
    bits[action >> 6] |= 1ull << (action & 63);
}

/* wall_move_codes's loops, marking each move's action (action_of) in the mask and the bits, both
 * zero before; how many.  A colour's takes are marked at once: their six actions are side by side,
 * and the actions come in increasing order, so the two bytes written past them are marked later. */
static int legal_actions(const VectorCore *self, const void *position, int8_t *mask, uint64_t *bits) {
    const WallPosition *p = position;
    int count = 0, seat = wall_first_to_move(p);
    if (p->phase == DRAFT && seat == p->offer.turn) {
        const uint8_t *accept = p->boards[seat].accept;
        int split_from = p->special ? disc_index(p, SPLIT) : -1;
        for (int slot = 0; slot <= p->offer.factory_count; slot++) {
            unsigned mask_bits = p->offer.masks[slot];
            int splits = slot == split_from && (mask_bits & (mask_bits - 1));
            int source = slot == p->offer.factory_count ? 9 : slot;
            for (unsigned colours = mask_bits; colours; colours &= colours - 1) {
                int colour = __builtin_ctz(colours);
                unsigned lines = accept[colour] | 1u << FLOOR_LINE;
                int base = 6 * (5 * source + colour);
                if (!splits) {
                    uint64_t marks = line_bytes(lines);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
                    marks = __builtin_bswap64(marks);
#endif
                    memcpy(mask + base, &marks, sizeof marks);
                    bits[base >> 6] |= (uint64_t)lines << (base & 63);
                    if ((base & 63) > 58)
                        bits[(base >> 6) + 1] |= (uint64_t)lines >> (64 - (base & 63));
                    count += (int)(marks * 0x0101010101010101ull >> 56);
                    continue;
                }
                for (; lines; lines &= lines - 1) {
                    int take = base + __builtin_ctz(lines);
                    unsigned leftovers = mask_bits & ~(1u << colour), subset = leftovers;
                    for (;;) {
                        int previous = 0;
                        for (int other = 0, bit = 0; other < COLOURS; other++)
                            if (other != colour)
                                previous |= (int)(subset >> other & 1) << bit++;
                        mark(mask, bits, ACTIONS + 16 * take + previous);
                        count++;
                        if (subset == 0)
                            break;
                        subset = (subset - 1) & leftovers;
                    }
                }
            }
        }
    } else if (p->phase == TILING && seat >= 0) {
        const WallBoard *board = &p->boards[seat];
        int line = board->tiling_line;
        unsigned columns = grey_columns(board, line, board->line_colour[line]);
        for (; columns; columns &= columns - 1, count++)
            mark(mask, bits, TAKE_ACTIONS + line * SIZE + __builtin_ctz(columns));
    }
    (void)self;
    return count;
}

/* The number of a legal action's move: action_of read backwards. */
static uint32_t code_of_action(const void *position, int32_t action) {
    const WallPosition *p = position;
    if (action >= TAKE_ACTIONS && action < ACTIONS)
        return COLUMN_MOVE | (uint32_t)(wall_first_to_move(p) * 25 + action - TAKE_ACTIONS);
    int take = action < TAKE_ACTIONS ? action : (action - ACTIONS) / 16;
    int source = take / 30, colour = take / 6 % 5, line = take % 6;
    int slot = source == 9 ? p->offer.factory_count : source;
    uint32_t code = (uint32_t)slot | (uint32_t)colour << 4 | (uint32_t)line << 7;
    if (action < TAKE_ACTIONS)
        return code;
    int previous = (action - ACTIONS) % 16;
    unsigned leftovers = p->offer.masks[slot] & ~(1u << colour), to_previous = 0;
    for (int other = 0, bit = 0; other < COLOURS; other++)
        if (other != colour)
            to_previous |= (unsigned)(previous >> bit++ & 1) << other;
    return code | 1u << 10 | to_previous << 11 | (leftovers ^ to_previous) << 16;
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

/* The observation's shared part: the phase and round, the factories and the centre, the bag and the lid. */
static void encode_shared(const WallPosition *p, float *out) {
    memset(out, 0, SHARED_SIZE * sizeof *out);
    out[p->phase] = 1.0f;
    out[4] = (float)((double)p->round / 10);
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
}

/* Master Chocolatier's extras (chocolatier.learning): each special factory's disc, who holds SN5's disc
 * (from `seat`'s side) and the tile on it; written over zeroed floats. */
static void encode_extras(const WallPosition *p, int seat, float *extras) {
    if (p->special)
        for (int factory = 0; factory < p->offer.factory_count; factory++)
            if (p->disc_kind[factory] != NO_DISC)
                extras[DISC_KINDS * factory + disc_number(p->disc_kind[factory], p->disc_colour[factory])] = 1.0f;
    if (p->disc_holder >= 0)
        extras[9 * DISC_KINDS + (p->disc_holder - seat + p->players) % p->players] = 1.0f;
    if (p->disc_tile >= 0)
        extras[9 * DISC_KINDS + SEATS + p->disc_tile] = 1.0f;
}

/* learning.WALL_ENCODING (and chocolatier.learning's extras): the phase and round, the factories and
 * the centre, the bag and the lid, then each board from the observer's on, padded to four. */
static void encode(const VectorCore *self, const void *position, int seat, float *out) {
    const WallPosition *p = position;
    encode_shared(p, out);
    for (int at = 0; at < p->players; at++)
        encode_board(&p->boards[(seat + at) % p->players], out + SHARED_SIZE + BOARD_SIZE * at);
    if (!self->extended)
        return;
    encode_extras(p, seat, out + SHARED_SIZE + BOARD_SIZE * SEATS);
}

/* What the observation was last encoded from, and its parts as encoded (the boards by seat), so that
 * only what changed is written again. */
typedef struct {
    WallBoard boards[SEATS];
    Offer offer;
    int32_t bag[COLOURS], lid[COLOURS];
    int64_t round;
    int phase;
    float shared[SHARED_SIZE];
    /* Each seat's block twice, the seats in order then again, so that the observer's order is one
     * run of blocks from the observer's own. */
    float blocks[2 * SEATS][BOARD_SIZE];
} WallCache;

/* Bring a board's block (and its twin) up to date with the board (its wall only gains tiles within a game). */
static void update_board(const WallBoard *board, const WallBoard *seen, float *block, float *twin) {
#define SET(at, value) (block[at] = twin[at] = (value))
    if (board->score != seen->score)
        SET(0, (float)((double)board->score / 100));
    for (int line = 0; line < SIZE; line++)
        if (board->line_count[line] != seen->line_count[line] || board->line_colour[line] != seen->line_colour[line]) {
            memset(block + 1 + 6 * line, 0, 6 * sizeof *block);
            memset(twin + 1 + 6 * line, 0, 6 * sizeof *twin);
            if (board->line_count[line]) {
                SET(1 + 6 * line, LINE_SHARES[line][board->line_count[line]]);
                SET(1 + 6 * line + 1 + board->line_colour[line], 1.0f);
            }
        }
    for (uint32_t placed = board->wall & ~seen->wall; placed; placed &= placed - 1) {
        int cell = __builtin_ctz(placed);
        if (board->wall_colours[cell] >= 0)
            SET(31 + 5 * cell + board->wall_colours[cell], 1.0f);
    }
    int marker = 0;
    for (int space = 0; space < board->floor_len; space++)
        marker |= board->floor[space] == MARKER;
    SET(156, FLOOR_SHARES[board->floor_len]);
    SET(157, (float)marker);
    SET(158, (float)board->waiting);
#undef SET
}

/* Five counts scaled (the centre, the bag, the lid), written only where they changed, and kept. */
#define UPDATE_FIVE(out, now, seen, table, whole)                \
    if (memcmp(now, seen, sizeof(now)[0] * COLOURS) != 0) {      \
        for (int colour = 0; colour < COLOURS; colour++)         \
            (out)[colour] = scaled(table, whole, (now)[colour]); \
        memcpy(seen, now, sizeof(now)[0] * COLOURS);             \
    }

static void update_shared(const WallPosition *p, WallCache *kept) {
    float *out = kept->shared;
    if (p->phase != kept->phase) {
        out[kept->phase] = 0.0f;
        out[p->phase] = 1.0f;
    }
    if (p->round != kept->round)
        out[4] = (float)((double)p->round / 10);
    /* Within a round a factory's tiles change only as it is emptied (its colours go with them), but
     * where Master Chocolatier's special factories move tiles from one to another: its counts are
     * compared only in a new round or with those. */
    int counts_may_change = p->round != kept->round || p->special;
    for (int factory = 0; factory < p->offer.factory_count; factory++)
        if (p->offer.masks[factory] != kept->offer.masks[factory] ||
            (counts_may_change &&
             memcmp(p->offer.factories[factory], kept->offer.factories[factory], COLOURS * sizeof(int16_t)) != 0))
            for (int colour = 0; colour < COLOURS; colour++)
                out[5 + 5 * factory + colour] =
                    p->offer.masks[factory] ? scaled(QUARTERS, 4, p->offer.factories[factory][colour]) : 0.0f;
    UPDATE_FIVE(out + 50, p->offer.centre, kept->offer.centre, TWENTIETHS, 20)
    UPDATE_FIVE(out + 56, p->bag, kept->bag, TWENTIETHS, 20)
    UPDATE_FIVE(out + 61, p->lid, kept->lid, TWENTIETHS, 20)
    out[55] = (float)p->offer.marker_in_centre;
}

/* encode's observation from the cache, brought up to date first: the shared part, then each board's
 * block copied in the observer's order. */
static void encode_cached(const VectorCore *self, const void *position, int seat, float *out, void *cache, int fresh) {
    const WallPosition *p = position;
    WallCache *kept = cache;
    if (fresh) {
        encode_shared(p, kept->shared);
        for (int who = 0; who < p->players; who++) {
            memset(kept->blocks[who], 0, sizeof kept->blocks[who]);
            encode_board(&p->boards[who], kept->blocks[who]);
            memcpy(kept->blocks[p->players + who], kept->blocks[who], sizeof kept->blocks[who]);
        }
        memcpy(kept->boards, p->boards, (size_t)p->players * sizeof(WallBoard));
        memcpy(kept->bag, p->bag, sizeof kept->bag);
        memcpy(kept->lid, p->lid, sizeof kept->lid);
    } else {
        update_shared(p, kept); /* keeps the bag and the lid where they changed */
        for (int who = 0; who < p->players; who++)
            if (memcmp(&p->boards[who], &kept->boards[who], sizeof(WallBoard)) != 0) {
                update_board(&p->boards[who], &kept->boards[who], kept->blocks[who], kept->blocks[p->players + who]);
                kept->boards[who] = p->boards[who];
            }
    }
    kept->offer = p->offer;
    kept->round = p->round;
    kept->phase = p->phase;
    memcpy(out, kept->shared, sizeof kept->shared);
    memcpy(out + SHARED_SIZE, kept->blocks[seat], (size_t)p->players * sizeof kept->blocks[0]);
    if (!self->extended)
        return;
    float *extras = out + SHARED_SIZE + BOARD_SIZE * SEATS;
    memset(extras, 0, EXTRAS_SIZE * sizeof *extras);
    encode_extras(p, seat, extras);
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
    legal_actions,
    code_of_action,
    encode_cached,
    sizeof(WallCache),
    fill_tables,
};
