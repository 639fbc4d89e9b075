/* Azul and Master Chocolatier in the vector environment (vector.h): their observations and action
 * indices exactly as mozaika.azul.learning and mozaika.chocolatier.learning make them (docs/rl.md). */
#include <stddef.h>
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

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
    if (bits != NULL)
        bits[action >> 6] |= 1ull << (action & 63);
}

/* Per set of colours, 0xff over the six actions (bytes) of each colour in it: a source's 30 actions
 * are the mover's lines for every colour, ANDed with its colours' bytes. */
static uint8_t COLOUR_BYTES[1 << COLOURS][32];

static inline uint64_t load_word(const void *from) {
    uint64_t word;
    memcpy(&word, from, sizeof word);
    return word;
}

static inline void store_word(void *to, uint64_t word) { memcpy(to, &word, sizeof word); }

/* One source's 30 actions (and the two after them, zero) from its colours and the mover's pattern. */
#define SOURCE_ACTIONS(at, colours)                                                                   \
    do {                                                                                              \
        const uint8_t *bytes = COLOUR_BYTES[(colours) & ((1u << COLOURS) - 1)];                       \
        uint64_t w0 = load_word(bytes) & p0, w1 = load_word(bytes + 8) & p1;                          \
        uint64_t w2 = load_word(bytes + 16) & p2, w3 = load_word(bytes + 24) & p3;                    \
        sum += w0 + w1 + w2 + w3; /* each byte the count of its place's ones: at most 40, no carry */ \
        store_word(mask + (at), w0);                                                                  \
        store_word(mask + (at) + 8, w1);                                                              \
        store_word(mask + (at) + 16, w2);                                                             \
        store_word(mask + (at) + 24, w3);                                                             \
    } while (0)

/* The mover's pattern: each colour's six actions (its pattern lines and the floor), 0 or 1, side by
 * side in 30 bytes (then zeros). */
static void mover_pattern(const WallPosition *p, int seat, unsigned char lines[6 * COLOURS + 8]) {
    const uint8_t *accept = p->boards[seat].accept;
    _Pragma("GCC unroll 5") for (int colour = 0; colour < COLOURS; colour++) {
        uint64_t marks = line_bytes(accept[colour] | 1u << FLOOR_LINE);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        marks = __builtin_bswap64(marks);
#endif
        memcpy(lines + 6 * colour, &marks, sizeof marks);
    }
}

/* No wall moves in the draft (the first two were written with the centre's takes). */
static void no_wall_moves(int8_t *mask, int action_count) {
    if (action_count == ACTIONS) {
        store_word(mask + TAKE_ACTIONS + 2, 0);
        store_word(mask + TAKE_ACTIONS + 10, 0);
        store_word(mask + TAKE_ACTIONS + 17, 0);
    } else
        memset(mask + TAKE_ACTIONS, 0, (size_t)(action_count - TAKE_ACTIONS));
}

/* The whole mask of a draft without special factories, eight actions at a time: each source's 30
 * actions are the mover's pattern (each colour's lines) ANDed with the bytes of the source's colours,
 * written as 32 bytes in increasing order (the two past a source's are the next one's); how many. */
static int draft_mask_generic(const WallPosition *p, int seat, int8_t *mask, int action_count) {
    unsigned char lines[6 * COLOURS + 8];
    mover_pattern(p, seat, lines);
    uint64_t p0 = load_word(lines), p1 = load_word(lines + 8), p2 = load_word(lines + 16), p3 = load_word(lines + 24);
    uint64_t sum = 0;
    int factories = p->offer.factory_count;
    for (int factory = 0; factory < factories; factory++)
        SOURCE_ACTIONS(30 * factory, p->offer.masks[factory]);
    for (int factory = factories; factory < 9; factory++) { /* the factories a game lacks */
        store_word(mask + 30 * factory, 0);
        store_word(mask + 30 * factory + 8, 0);
        store_word(mask + 30 * factory + 16, 0);
        store_word(mask + 30 * factory + 22, 0);
    }
    SOURCE_ACTIONS(30 * 9, p->offer.masks[factories]); /* the centre */
    no_wall_moves(mask, action_count);
    sum = (sum & 0x00ff00ff00ff00ffull) + (sum >> 8 & 0x00ff00ff00ff00ffull);
    return (int)(sum * 0x0001000100010001ull >> 48);
}

static int (*draft_mask)(const WallPosition *p, int seat, int8_t *mask, int action_count) = draft_mask_generic;

#if defined(__GNUC__) && defined(__x86_64__)
/* The same where the processor has AVX2: a source's 32 bytes in one AND, one add and one store. */
__attribute__((target("avx2"))) static int draft_mask_avx2(const WallPosition *p, int seat, int8_t *mask,
                                                           int action_count) {
    unsigned char lines[6 * COLOURS + 8];
    mover_pattern(p, seat, lines);
    __m256i pattern = _mm256_loadu_si256((const __m256i *)lines), sum = _mm256_setzero_si256();
    /* Each source's colours: the factories (none for those a game lacks), then the centre as source 9. */
    int factories = p->offer.factory_count;
    uint8_t sets[10];
    uint64_t first_eight = load_word(p->offer.masks);
    store_word(sets, factories >= 8 ? first_eight : first_eight & ((1ull << 8 * factories) - 1));
    sets[8] = factories > 8 ? p->offer.masks[8] : 0;
    sets[9] = p->offer.masks[factories];
    _Pragma("GCC unroll 10") for (int source = 0; source < 10; source++) {
        __m256i actions = _mm256_and_si256(
            _mm256_loadu_si256((const __m256i *)COLOUR_BYTES[sets[source] & ((1u << COLOURS) - 1)]), pattern);
        sum = _mm256_add_epi8(sum, actions); /* each byte at most 10 */
        _mm256_storeu_si256((__m256i *)(mask + 30 * source), actions);
    }
    no_wall_moves(mask, action_count);
    __m256i sums = _mm256_sad_epu8(sum, _mm256_setzero_si256()); /* four sums of eight bytes */
    __m128i pairs = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    return (int)(_mm_cvtsi128_si64(pairs) + _mm_extract_epi64(pairs, 1));
}
#endif

/* wall_move_codes's loops, marking each move's action (action_of) in the mask and the bits, both
 * zero before; how many.  A colour's takes are marked at once: their six actions are side by side,
 * and the actions come in increasing order, so the two bytes written past them are marked later.
 * Without bits (Azul's 325 actions, checked by action_is_legal) the whole mask is written. */
static int legal_actions(const VectorCore *self, const void *position, int8_t *mask, uint64_t *bits) {
    const WallPosition *p = position;
    int count = 0, seat = wall_first_to_move(p);
    if (bits == NULL) {
        if (p->phase == DRAFT && seat == p->offer.turn && !p->special)
            return draft_mask(p, seat, mask, self->action_count);
        memset(mask, 0, (size_t)self->action_count);
    }
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
                    if (bits != NULL) {
                        bits[base >> 6] |= (uint64_t)lines << (base & 63);
                        if ((base & 63) > 58)
                            bits[(base >> 6) + 1] |= (uint64_t)lines >> (64 - (base & 63));
                    }
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

/* Each take's source, colour and line (bits 6, 3 and 0), read off its action index. */
static uint16_t TAKE_PARTS[TAKE_ACTIONS];

/* The move number of an action of Azul's 325 where it is legal for the seat to move, else UINT32_MAX:
 * legal_actions's rules for one action (the split takes of Master Chocolatier's SN4 lie past them, and
 * keep their bits), and code_of_action. */
static uint32_t legal_code(const void *position, int64_t action) {
    const WallPosition *p = position;
    if (action >= TAKE_ACTIONS) {
        int seat = wall_first_to_move(p);
        if (action >= ACTIONS || p->phase != TILING || seat < 0)
            return UINT32_MAX;
        const WallBoard *board = &p->boards[seat];
        int line = (int)(action - TAKE_ACTIONS) / SIZE, column = (int)(action - TAKE_ACTIONS) % SIZE;
        if (line != board->tiling_line || !(grey_columns(board, line, board->line_colour[line]) >> column & 1))
            return UINT32_MAX;
        return COLUMN_MOVE | (uint32_t)(seat * 25 + action - TAKE_ACTIONS);
    }
    if (p->phase != DRAFT)
        return UINT32_MAX;
    unsigned parts = TAKE_PARTS[action];
    int source = (int)(parts >> 6), colour = (int)(parts >> 3 & 7), line = (int)(parts & 7);
    int factories = p->offer.factory_count;
    if (source >= factories && source != 9)
        return UINT32_MAX;
    int slot = source == 9 ? factories : source;
    unsigned colours = p->offer.masks[slot];
    if (!(colours >> colour & 1) || !((p->boards[p->offer.turn].accept[colour] | 1u << FLOOR_LINE) >> line & 1))
        return UINT32_MAX;
    /* SN4's factory with two colours or more is taken from with a split only. */
    if (p->special && slot == disc_index(p, SPLIT) && (colours & (colours - 1)))
        return UINT32_MAX;
    return (uint32_t)slot | (uint32_t)colour << 4 | (uint32_t)line << 7;
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

static int play_move(PyObject *core, void *position, uint32_t code) {
    (void)core;
    return wall_play_move(position, code);
}

static int64_t pending_chance(const void *position, int *bytes) { return wall_pending_chance(position, bytes); }

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

static void choose_simd(void);

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
    for (unsigned colours = 0; colours < 1u << COLOURS; colours++)
        for (int colour = 0; colour < COLOURS; colour++)
            if (colours >> colour & 1)
                memset(COLOUR_BYTES[colours] + 6 * colour, 0xff, 6);
    choose_simd();
    for (int take = 0; take < TAKE_ACTIONS; take++)
        TAKE_PARTS[take] = (uint16_t)(take / 30 << 6 | take / 6 % 5 << 3 | take % 6);
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

/* What a board's block was last encoded from: the parts of the board it reads, each compared on its own. */
typedef struct {
    int64_t score;
    uint32_t wall;
    int8_t lines[2 * SIZE];         /* the lines' colours, then their counts (as the board keeps them) */
    int8_t floor[FLOOR_SPACES + 1]; /* the floor's spaces, then how many are taken */
    uint8_t waiting;
} BoardSeen;

_Static_assert(offsetof(WallBoard, line_count) == offsetof(WallBoard, line_colour) + SIZE, "the lines side by side");
_Static_assert(offsetof(WallBoard, floor_len) == offsetof(WallBoard, floor) + FLOOR_SPACES, "the floor and its length");

/* What the observation was last encoded from, and its parts as encoded (the boards by seat), so that
 * only what changed is written again. */
typedef struct {
    BoardSeen boards[SEATS];
    int16_t factories[MOST_FACTORIES][COLOURS];
    int16_t centre[COLOURS];
    uint8_t masks[MOST_FACTORIES + 1];
    int32_t bag[COLOURS], lid[COLOURS];
    int64_t round;
    int phase;
    float shared[SHARED_SIZE];
    /* Each seat's block twice, the seats in order then again, so that the observer's order is one
     * run of blocks from the observer's own. */
    float blocks[2 * SEATS][BOARD_SIZE];
} WallCache;

static void see_board(const WallBoard *board, BoardSeen *seen) {
    seen->score = board->score;
    seen->wall = board->wall;
    memcpy(seen->lines, board->line_colour, sizeof seen->lines);
    memcpy(seen->floor, board->floor, sizeof seen->floor);
    seen->waiting = board->waiting;
}

/* Bring a board's block (and its twin) up to date with the board, each part where it changed (its
 * wall only gains tiles within a game), and keep what it was encoded from. */
static void update_board(const WallBoard *board, BoardSeen *seen, float *block, float *twin) {
#define SET(at, value) (block[at] = twin[at] = (value))
    if (board->score != seen->score) {
        SET(0, (float)((double)board->score / 100));
        seen->score = board->score;
    }
    /* The lines changed (one a take, at most), a byte each: colours 0-4 and counts 5-9 compared at once. */
    uint64_t now, before;
    uint16_t counts_now, counts_before;
    memcpy(&now, board->line_colour, sizeof now);
    memcpy(&before, seen->lines, sizeof before);
    memcpy(&counts_now, board->line_colour + 8, sizeof counts_now);
    memcpy(&counts_before, seen->lines + 8, sizeof counts_before);
    uint64_t changed = now ^ before;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    changed = __builtin_bswap64(changed);
    counts_now = __builtin_bswap16(counts_now);
    counts_before = __builtin_bswap16(counts_before);
#endif
    changed =
        (changed | changed >> 8 * SIZE | (uint64_t)(uint16_t)(counts_now ^ counts_before) << 24) & 0xffffffffffull;
    if (changed) {
        do {
            int line = __builtin_ctzll(changed) / 8;
            changed &= ~(0xffull << 8 * line);
            memset(block + 1 + 6 * line, 0, 6 * sizeof *block);
            memset(twin + 1 + 6 * line, 0, 6 * sizeof *twin);
            if (board->line_count[line]) {
                SET(1 + 6 * line, LINE_SHARES[line][board->line_count[line]]);
                SET(1 + 6 * line + 1 + board->line_colour[line], 1.0f);
            }
        } while (changed);
        memcpy(seen->lines, board->line_colour, sizeof seen->lines);
    }
    if (board->wall != seen->wall) {
        for (uint32_t placed = board->wall & ~seen->wall; placed; placed &= placed - 1) {
            int cell = __builtin_ctz(placed);
            if (board->wall_colours[cell] >= 0)
                SET(31 + 5 * cell + board->wall_colours[cell], 1.0f);
        }
        seen->wall = board->wall;
    }
    if (memcmp(board->floor, seen->floor, sizeof seen->floor) != 0) {
        int marker = 0;
        for (int space = 0; space < board->floor_len; space++)
            marker |= board->floor[space] == MARKER;
        SET(156, FLOOR_SHARES[board->floor_len]);
        SET(157, (float)marker);
        memcpy(seen->floor, board->floor, sizeof seen->floor);
    }
    if (board->waiting != seen->waiting) {
        SET(158, (float)board->waiting);
        seen->waiting = board->waiting;
    }
#undef SET
}

/* Five counts scaled (the centre, the bag, the lid), written only where they changed, and kept. */
#define UPDATE_FIVE(out, now, seen, table, whole)                \
    if (memcmp(now, seen, sizeof(now)[0] * COLOURS) != 0) {      \
        for (int colour = 0; colour < COLOURS; colour++)         \
            (out)[colour] = scaled(table, whole, (now)[colour]); \
        memcpy(seen, now, sizeof(now)[0] * COLOURS);             \
    }

/* A factory's counts (none where it is empty). */
static void write_factory(const WallPosition *p, int factory, float *out) {
    for (int colour = 0; colour < COLOURS; colour++)
        out[5 + 5 * factory + colour] =
            p->offer.masks[factory] ? scaled(QUARTERS, 4, p->offer.factories[factory][colour]) : 0.0f;
}

static void update_shared(const WallPosition *p, WallCache *kept) {
    float *out = kept->shared;
    if (p->phase != kept->phase) {
        out[kept->phase] = 0.0f;
        out[p->phase] = 1.0f;
        kept->phase = p->phase;
    }
    /* Within a round a factory's tiles change only as it is emptied (its colours go with them), but
     * where Master Chocolatier's special factories move tiles from one to another: its counts are
     * compared only in a new round or with those. */
    int counts_may_change = p->round != kept->round || p->special;
    if (p->round != kept->round) {
        out[4] = (float)((double)p->round / 10);
        kept->round = p->round;
    }
    int factories = p->offer.factory_count;
    if (!counts_may_change) {
        /* The factories whose colours changed (emptied, one a take at most), eight at a time: a byte each. */
        uint64_t now, seen;
        memcpy(&now, p->offer.masks, sizeof now);
        memcpy(&seen, kept->masks, sizeof seen);
        uint64_t changed = (now ^ seen) & (factories >= 8 ? ~0ull : (1ull << 8 * factories) - 1);
        while (changed) {
            int factory = __builtin_ctzll(changed) / 8;
            changed &= ~(0xffull << 8 * factory);
            write_factory(p, factory, out);
        }
        if (factories > 8 && p->offer.masks[8] != kept->masks[8])
            write_factory(p, 8, out);
        memcpy(kept->masks, p->offer.masks, sizeof kept->masks);
    } else {
        for (int factory = 0; factory < factories; factory++)
            if (p->offer.masks[factory] != kept->masks[factory] ||
                memcmp(p->offer.factories[factory], kept->factories[factory], COLOURS * sizeof(int16_t)) != 0) {
                write_factory(p, factory, out);
                memcpy(kept->factories[factory], p->offer.factories[factory], COLOURS * sizeof(int16_t));
            }
        memcpy(kept->masks, p->offer.masks, sizeof kept->masks);
    }
    UPDATE_FIVE(out + 50, p->offer.centre, kept->centre, TWENTIETHS, 20)
    UPDATE_FIVE(out + 56, p->bag, kept->bag, TWENTIETHS, 20)
    UPDATE_FIVE(out + 61, p->lid, kept->lid, TWENTIETHS, 20)
    out[55] = (float)p->offer.marker_in_centre;
}

/* Copy `count` floats (at least 8), 32 bytes at a time, the last eight overlapping the others. */
#define COPY_FLOATS_AVX(out, from, count)                                         \
    do {                                                                          \
        _Pragma("GCC unroll 40") for (int at = 0; at + 8 <= (count); at += 8)     \
            _mm256_storeu_ps((out) + at, _mm256_loadu_ps((from) + at));           \
        _mm256_storeu_ps((out) + (count)-8, _mm256_loadu_ps((from) + (count)-8)); \
    } while (0)

static void copy_out_generic(float *out, const float *shared, const float *blocks, int players) {
    memcpy(out, shared, SHARED_SIZE * sizeof *out);
    memcpy(out + SHARED_SIZE, blocks, (size_t)players * BOARD_SIZE * sizeof *out);
}

static void (*copy_out)(float *out, const float *shared, const float *blocks, int players) = copy_out_generic;

#if defined(__GNUC__) && defined(__x86_64__)
/* The same where the processor has AVX, the two players' copy (every step of the 2-player game)
 * unrolled: about half the instructions of the library's copy and its call. */
__attribute__((target("avx"))) static void copy_out_avx(float *out, const float *shared, const float *blocks,
                                                        int players) {
    if (players != 2) {
        copy_out_generic(out, shared, blocks, players);
        return;
    }
    COPY_FLOATS_AVX(out, shared, SHARED_SIZE);
    COPY_FLOATS_AVX(out + SHARED_SIZE, blocks, 2 * BOARD_SIZE);
}
#endif

/* The copy and the draft's mask for this processor (chosen once, when the tables are filled). */
static void choose_simd(void) {
#if defined(__GNUC__) && defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx"))
        copy_out = copy_out_avx;
    if (__builtin_cpu_supports("avx2"))
        draft_mask = draft_mask_avx2;
#endif
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
            see_board(&p->boards[who], &kept->boards[who]);
        }
        for (int factory = 0; factory < p->offer.factory_count; factory++)
            memcpy(kept->factories[factory], p->offer.factories[factory], COLOURS * sizeof(int16_t));
        memcpy(kept->centre, p->offer.centre, sizeof kept->centre);
        memcpy(kept->masks, p->offer.masks, sizeof kept->masks);
        memcpy(kept->bag, p->bag, sizeof kept->bag);
        memcpy(kept->lid, p->lid, sizeof kept->lid);
        kept->round = p->round;
        kept->phase = p->phase;
    } else {
        update_shared(p, kept);
        for (int who = 0; who < p->players; who++)
            update_board(&p->boards[who], &kept->boards[who], kept->blocks[who], kept->blocks[p->players + who]);
    }
    copy_out(out, kept->shared, kept->blocks[seat], p->players);
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
    legal_code,
    play_move,
    pending_chance,
};
