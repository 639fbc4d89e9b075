/* Summer Pavilion's tables: the board's geometry (mozaika.pavilion.geometry) and the order in
 * which the Python engine lists passes and bonus picks (mozaika.pavilion.moves), built once. */
#include "pavilion.h"

const uint8_t PV_WILD_BY_ROUND[PV_ROUNDS] = {5, 4, 0, 3, 2, 1};          /* purple, green, orange, yellow, blue, red */
const int PV_STAR_BONUS_POINTS[PV_STARS] = {17, 14, 15, 16, 18, 20, 12}; /* by star (S-13), by colour (S-17) */
const int PV_NUMBER_BONUS_POINTS[5] = {0, 4, 8, 12, 16};
static const uint8_t COLOURLESS_OUTER[PV_SLOTS] = {3, 2, 1, 4, 5, 6};
/* The two centre slots (1-6) of each outer star's pillar (S-3). */
static const uint8_t PILLAR_CENTRE_SLOTS[6][2] = {{6, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}};

uint8_t PV_NUMBERS[2][PV_SPACES];
uint64_t PV_NUMBER_MASKS[2][5];
uint64_t PV_FEATURE_MASKS[PV_FEATURES]; /* in the order they pay (ruling R-11) */
uint8_t PV_FEATURE_TILES[PV_FEATURES];
uint8_t PV_FEATURES_AT[PV_SPACES][PV_FEATURES];
uint8_t PV_FEATURES_AT_COUNT[PV_SPACES];
uint8_t PV_ARC_POINTS[1 << PV_SLOTS][PV_SLOTS];
uint8_t PV_KEEP_COUNTS[PV_KEEPS][PV_COLOURS];
uint32_t PV_KEEP_PACKED[PV_KEEPS];
uint8_t PV_PICK_COUNTS[PV_PICKS][PV_COLOURS];
uint32_t PV_PICK_PACKED[PV_PICKS];
int PV_PICK_START[5];

static int arc_points(int ring, int slot) {
    if (ring == PV_FULL_STAR)
        return PV_SLOTS;
    int length = 1;
    for (int step = 1; step >= -1; step -= 2) {
        int other = (slot + step + PV_SLOTS) % PV_SLOTS;
        while ((ring >> other & 1) && other != slot) {
            length++;
            other = (other + step + PV_SLOTS) % PV_SLOTS;
        }
    }
    return length;
}

static void add_feature(int number, const int *spaces, int count, int tiles) {
    for (int at = 0; at < count; at++) {
        PV_FEATURE_MASKS[number] |= 1ull << spaces[at];
        PV_FEATURES_AT[spaces[at]][PV_FEATURES_AT_COUNT[spaces[at]]++] = (uint8_t)number;
    }
    PV_FEATURE_TILES[number] = (uint8_t)tiles;
}

static uint8_t ALL_SETS[PV_KEEPS][PV_COLOURS];
static int all_count;

/* Every multiset of at most `left` more tiles of colours `colour`.., in the order of moves.up_to
 * (colour 0's count outermost, each count ascending), appended to ALL_SETS. */
static void multisets(int colour, int left, uint8_t *counts) {
    if (colour == PV_COLOURS) {
        memcpy(ALL_SETS[all_count++], counts, PV_COLOURS);
        return;
    }
    for (int extra = 0; extra <= left; extra++) {
        counts[colour] = (uint8_t)extra;
        multisets(colour + 1, left - extra, counts);
    }
    counts[colour] = 0;
}

static int set_size(const uint8_t *counts) {
    int size = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        size += counts[colour];
    return size;
}

uint32_t pv_packed(const int32_t *counts, int cap) {
    uint32_t packed = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        packed |= (uint32_t)(counts[colour] < cap ? counts[colour] : cap) << 4 * colour;
    return packed;
}

static uint32_t packed_set(const uint8_t *counts) {
    int32_t wide[PV_COLOURS];
    for (int colour = 0; colour < PV_COLOURS; colour++)
        wide[colour] = counts[colour];
    return pv_packed(wide, PV_KEEP_MOST);
}

void pv_init_tables(void) {
    memset(PV_NUMBER_MASKS, 0, sizeof PV_NUMBER_MASKS);
    memset(PV_FEATURE_MASKS, 0, sizeof PV_FEATURE_MASKS);
    memset(PV_FEATURES_AT_COUNT, 0, sizeof PV_FEATURES_AT_COUNT);
    for (int index = 0; index < PV_SPACES; index++) {
        int star = index / PV_SLOTS, slot = index % PV_SLOTS;
        PV_NUMBERS[0][index] = (uint8_t)(slot + 1);
        PV_NUMBERS[1][index] = star == PV_CENTRE_STAR ? 3 : COLOURLESS_OUTER[slot];
        for (int side = 0; side < 2; side++)
            if (PV_NUMBERS[side][index] <= 4)
                PV_NUMBER_MASKS[side][PV_NUMBERS[side][index]] |= 1ull << index;
    }
    for (int star = 0; star < 6; star++) { /* windows: slots 5, 6 */
        int spaces[2] = {star * 6 + 4, star * 6 + 5};
        add_feature(star, spaces, 2, 3);
    }
    for (int star = 0; star < 6; star++) { /* statues: slots 1, 2 and the next star's 3, 4 */
        int following = (star + 1) % 6;
        int spaces[4] = {star * 6, star * 6 + 1, following * 6 + 2, following * 6 + 3};
        add_feature(6 + star, spaces, 4, 2);
    }
    for (int star = 0; star < 6; star++) { /* pillars: slots 2, 3 and two centre slots */
        int spaces[4] = {star * 6 + 1, star * 6 + 2, 36 + PILLAR_CENTRE_SLOTS[star][0] - 1,
                         36 + PILLAR_CENTRE_SLOTS[star][1] - 1};
        add_feature(12 + star, spaces, 4, 1);
    }
    for (int ring = 0; ring < 1 << PV_SLOTS; ring++)
        for (int slot = 0; slot < PV_SLOTS; slot++)
            PV_ARC_POINTS[ring][slot] = (uint8_t)arc_points(ring, slot);
    /* moves._KEEPS: the multisets of at most 4 tiles, the largest first (a stable sort). */
    uint8_t counts[PV_COLOURS] = {0};
    all_count = 0;
    multisets(0, PV_KEEP_MOST, counts);
    int at = 0;
    for (int size = PV_KEEP_MOST; size >= 0; size--)
        for (int set = 0; set < all_count; set++)
            if (set_size(ALL_SETS[set]) == size) {
                memcpy(PV_KEEP_COUNTS[at], ALL_SETS[set], PV_COLOURS);
                PV_KEEP_PACKED[at++] = packed_set(ALL_SETS[set]);
            }
    /* moves._PICK_SIZES: of the multisets of at most 3 tiles, those of each size, in order. */
    all_count = 0;
    multisets(0, 3, counts);
    at = 0;
    for (int size = 1; size <= 3; size++) {
        PV_PICK_START[size] = at;
        for (int set = 0; set < all_count; set++)
            if (set_size(ALL_SETS[set]) == size) {
                memcpy(PV_PICK_COUNTS[at], ALL_SETS[set], PV_COLOURS);
                PV_PICK_PACKED[at++] = packed_set(ALL_SETS[set]);
            }
    }
    PV_PICK_START[4] = at;
}

/* The passes that fit a hand (pass_moves), by the hand's packing capped at the tiles it may keep:
 * remembered, as moves.passes remembers them, in a table of the hands met last (a hand that lands
 * on another's entry takes it over). */
#define PASS_LISTS 512
static PassList pass_lists[PASS_LISTS];

const PassList *pv_passes_for(uint32_t held) {
    PassList *list = &pass_lists[(held * 2654435761u) >> 23 & (PASS_LISTS - 1)];
    if (list->held != held) {
        list->held = held;
        list->count = 0;
        for (int keep = 0; keep < PV_KEEPS; keep++) { /* in the order of _KEEPS: the most kept first */
            list->keeps[list->count] = (uint8_t)keep;
            list->count += ((held - PV_KEEP_PACKED[keep]) & PV_GUARDS) == PV_GUARDS;
        }
    }
    return list;
}
