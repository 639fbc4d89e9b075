/* Summer Pavilion's rules on the coloured and the colourless side (rules F-1..F-4, S-1..S-17).
 *
 * Each function mirrors the method of mozaika.pavilion.state.PavilionState (or of its board)
 * named in its comment, step for step and in the same order, so that the same moves, chance
 * and random numbers give the same positions.  A move this code does not recognise, or finds
 * illegal, is not applied here: the Python bridge hands it to the Python engine, which says
 * why (or, were it legal there, plays it), so errors are the reference's own.
 */
#include "pavilion.h"

#include <math.h>

/* --- a board (PavilionBoard) ------------------------------------------------------------------- */

/* PavilionBoard.lose: up to `points`, never below 1 (S-5, S-11); the points lost. */
static int64_t lose(PavBoard *board, int64_t points) {
    int64_t lost = 0;
    if (board->score > 1)
        lost = points < board->score - 1 ? points : board->score - 1;
    board->score -= lost;
    return lost;
}

/* PavilionBoard.colour_fits (S-8; S-16 on the colourless side). */
static int colour_fits(const PavBoard *board, int star, int colour, int colourless) {
    unsigned present = board->star_colours[star];
    if (!colourless) {
        if (star != PV_CENTRE_STAR)
            return colour == star;
        return !(present >> colour & 1);
    }
    unsigned ring = board->star_rings[star];
    if (present == 0 || ((present & (present - 1)) == 0 && (ring & (ring - 1)) == 0 && ring))
        return 1;
    if ((present & (present - 1)) == 0)
        return present == 1u << colour;
    return !(present >> colour & 1);
}

/* --- the rules (PavilionState) -------------------------------------------------------------------- */

int pv_wild(const PavPosition *p) { return PV_WILD_BY_ROUND[p->round - 1]; }

int pv_supply_tiles(const PavPosition *p) {
    int tiles = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        tiles += p->supply[colour];
    return tiles;
}

static int keep_most(const PavPosition *p) { return p->round == PV_ROUNDS ? 0 : PV_KEEP_MOST; }

static int pick_size(const PavPosition *p) {
    int supply = pv_supply_tiles(p);
    return p->pending[0] < supply ? p->pending[0] : supply;
}

/* _takes: each source's takes (S-5), the factories in order, then the centre. */
static int add_takes(const PavPosition *p, int *codes, int count) {
    const Offer *offer = &p->offer;
    int wild = pv_wild(p);
    for (int slot = 0; slot <= offer->factory_count; slot++) {
        unsigned mask = offer->masks[slot];
        if (!mask)
            continue;
        int table_slot = slot == offer->factory_count ? PV_CENTRE_SLOT : slot;
        if (mask == 1u << wild) {
            codes[count++] = pv_code(PV_TAKE_MOVE, pv_take_index(table_slot, wild));
            continue;
        }
        for (int colour = 0; colour < PV_COLOURS; colour++)
            if ((mask >> colour & 1) && colour != wild)
                codes[count++] = pv_code(PV_TAKE_MOVE, pv_take_index(table_slot, colour));
    }
    return count;
}

/* _placements: placement_groups in order, each group's placements as PlacementTable.on_star lists them. */
static int add_placements(const PavPosition *p, int *codes, int count) {
    const PavBoard *board = &p->boards[p->offer.turn];
    unsigned held = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (board->hand[colour])
            held |= 1u << colour;
    if (!held)
        return count;
    int wild = pv_wild(p);
    int wilds_held = board->hand[wild] < PV_SLOTS ? board->hand[wild] : PV_SLOTS;
    const uint8_t *numbers = PV_NUMBERS[p->colourless];
    for (int star = 0; star < PV_STARS; star++) {
        unsigned ring = board->star_rings[star];
        if (ring == PV_FULL_STAR)
            continue;
        unsigned present = board->star_colours[star], allowed;
        if (!p->colourless && star != PV_CENTRE_STAR)
            allowed = held & (1u << star);
        else if (!p->colourless || (present & (present - 1)) || !present)
            allowed = held & ~present;
        else if (ring & (ring - 1))
            allowed = held & present; /* a one-colour star */
        else
            allowed = held; /* one tile so far: the next one decides */
        for (int colour = 0; colour < PV_COLOURS; colour++) {
            if (!(allowed >> colour & 1))
                continue;
            int held_count = board->hand[colour] < PV_SLOTS ? board->hand[colour] : PV_SLOTS;
            for (int slot = 0; slot < PV_SLOTS; slot++) {
                if (ring >> slot & 1)
                    continue;
                int space = star * PV_SLOTS + slot, number = numbers[space];
                if (colour == wild) {
                    if (held_count >= number)
                        codes[count++] = pv_code(PV_PLACE_MOVE, pv_place_index(space, colour, 0));
                    continue;
                }
                int low = number - held_count > 0 ? number - held_count : 0;
                int high = number - 1 < wilds_held ? number - 1 : wilds_held;
                for (int wilds = low; wilds <= high; wilds++)
                    codes[count++] = pv_code(PV_PLACE_MOVE, pv_place_index(space, colour, wilds));
            }
        }
    }
    return count;
}

/* The mover's passes: in round 6 the counts are capped at 0, and only the pass keeping nothing fits (S-11). */
static const PassList *passes_for(const PavPosition *p) {
    return pv_passes_for(pv_packed(p->boards[p->offer.turn].hand, keep_most(p)) | PV_GUARDS);
}

int pv_legal_codes(const PavPosition *p, int *codes) {
    int count = 0;
    if (p->phase == PV_ACQUIRE)
        return add_takes(p, codes, 0);
    if (p->phase == PV_PLACE) {
        count = add_placements(p, codes, 0);
        const PassList *passes = passes_for(p);
        for (int pass = 0; pass < passes->count; pass++)
            codes[count++] = pv_code(PV_PASS_MOVE, passes->keeps[pass]);
        return count;
    }
    if (p->phase == PV_PICK) {
        int size = pick_size(p);
        if (size < 1 || size > 3)
            return 0;
        uint32_t held = pv_packed(p->supply, size) | PV_GUARDS;
        for (int pick = PV_PICK_START[size]; pick < PV_PICK_START[size + 1]; pick++) {
            codes[count] = pv_code(PV_PICK_MOVE, pick);
            count += ((held - PV_PICK_PACKED[pick]) & PV_GUARDS) == PV_GUARDS;
        }
    }
    return count;
}

int pv_choose_code(const PavPosition *p, int *codes, double number, int *chosen) {
    if (p->phase != PV_PLACE) {
        int count = pv_legal_codes(p, codes);
        int index = (int)floor(number * count);
        if (index < count)
            *chosen = codes[index];
        return index < count ? count : -1;
    }
    int placements = add_placements(p, codes, 0);
    const PassList *passes = passes_for(p);
    int count = placements + passes->count;
    int index = (int)floor(number * count);
    if (index >= count)
        return -1;
    *chosen = index < placements ? codes[index] : pv_code(PV_PASS_MOVE, passes->keeps[index - placements]);
    return count;
}

static void start_placement(PavPosition *p) {
    /* S-7: the marker's holder places first; if nobody took it, the round's starter. */
    p->phase = PV_PLACE;
    for (int seat = 0; seat < p->players; seat++)
        p->boards[seat].passed = 0;
    p->offer.turn = p->offer.marker_holder >= 0 ? (uint8_t)p->offer.marker_holder : p->offer.starter;
}

static void finish_game(PavPosition *p) {
    /* S-13, S-17: completed stars and numbers. */
    for (int seat = 0; seat < p->players; seat++) {
        PavBoard *board = &p->boards[seat];
        int64_t stars = 0, numbers = 0;
        for (int star = 0; star < PV_STARS; star++) {
            if (board->star_rings[star] != PV_FULL_STAR)
                continue;
            unsigned present = board->star_colours[star];
            if (!p->colourless)
                stars += PV_STAR_BONUS_POINTS[star];
            else if ((present & (present - 1)) == 0) {
                int colour = 0;
                while (present >> (colour + 1))
                    colour++;
                stars += PV_STAR_BONUS_POINTS[colour];
            } else
                stars += PV_MIXED_STAR_BONUS;
        }
        for (int number = 1; number <= 4; number++) {
            uint64_t mask = PV_NUMBER_MASKS[p->colourless][number];
            if ((board->filled & mask) == mask)
                numbers += PV_NUMBER_BONUS_POINTS[number];
        }
        board->stats[PV_STAR_BONUS] = stars;
        board->stats[PV_NUMBER_BONUS] = numbers;
        board->score += stars + numbers;
    }
    p->phase = PV_OVER;
}

static void end_round(PavPosition *p) {
    if (p->round == PV_ROUNDS) {
        finish_game(p);
        return;
    }
    /* S-12: next round; the marker's holder starts, else the same starter again. */
    p->round++;
    if (p->offer.marker_holder >= 0)
        p->offer.starter = (uint8_t)p->offer.marker_holder;
    p->offer.marker_holder = -1;
    p->offer.marker_in_centre = 1;
    p->phase = PV_CHANCE;
    p->chance_kind = PV_FILL;
}

static void next_placer(PavPosition *p) {
    for (int step = 1; step <= p->players; step++) {
        int seat = (p->offer.turn + step) % p->players;
        if (!p->boards[seat].passed) {
            p->offer.turn = (uint8_t)seat;
            return;
        }
    }
    end_round(p);
}

static void pop_pending(PavPosition *p) {
    memmove(p->pending, p->pending + 1, (size_t)(p->pending_len - 1));
    p->pending_len--;
}

/* _next_bonus: the next owed pick, or on when nothing is owed or the supply is empty. */
static void next_bonus(PavPosition *p) {
    while (p->pending_len && !pv_supply_tiles(p))
        pop_pending(p);
    if (p->pending_len) {
        p->phase = PV_PICK;
    } else {
        p->phase = PV_PLACE;
        next_placer(p);
    }
}

int pv_take_is_legal(const PavPosition *p, long source, long colour) {
    const Offer *offer = &p->offer;
    if (p->phase != PV_ACQUIRE || source < -1 || source >= offer->factory_count || colour < 0 || colour >= PV_COLOURS)
        return 0;
    const int16_t *counts = source < 0 ? offer->centre : offer->factories[source];
    int wild = pv_wild(p);
    return counts[colour] && (colour != wild || offer->masks[source_slot(offer, (int)source)] == 1u << wild);
}

/* _take (S-5, S-6), for a take found legal. */
void pv_take(PavPosition *p, int source, int colour) {
    Offer *offer = &p->offer;
    int seat = offer->turn, wild = pv_wild(p);
    PavBoard *board = &p->boards[seat];
    int16_t *counts = source_counts(offer, source);
    int taken = colour == wild ? 1 : counts[colour];
    counts[colour] = (int16_t)(counts[colour] - taken);
    board->hand[colour] += taken;
    if (colour != wild && counts[wild]) {
        counts[wild]--;
        board->hand[wild]++;
        taken++;
    }
    if (offer_take_from(offer, seat, source, colour))
        board->stats[PV_MARKER_POINTS] += lose(board, taken); /* a point for each tile taken with the marker */
    if (source < 0 && !counts[wild])
        offer->masks[offer->factory_count] &= (uint8_t) ~(1u << wild);
    offer->tiles_on_table = (int16_t)(offer->tiles_on_table - taken);
    if (offer->tiles_on_table == 0)
        start_placement(p);
    else
        offer->turn = (uint8_t)((seat + 1) % p->players);
}

/* _place's checks (S-8, S-16). */
int pv_place_is_legal(const PavPosition *p, long space, long colour, long wilds) {
    if (p->phase != PV_PLACE || space < 0 || space >= PV_SPACES || colour < 0 || colour >= PV_COLOURS || wilds < 0 ||
        wilds >= PV_SLOTS)
        return 0;
    const PavBoard *board = &p->boards[p->offer.turn];
    if (board->filled >> space & 1 || !colour_fits(board, (int)space / PV_SLOTS, (int)colour, p->colourless))
        return 0;
    int number = PV_NUMBERS[p->colourless][space], wild = pv_wild(p);
    if (colour == wild)
        return wilds == 0 && board->hand[colour] >= number;
    return board->hand[colour] > 0 && wilds <= number - 1 && board->hand[wild] >= wilds &&
           board->hand[colour] >= number - wilds;
}

/* _place (S-8..S-10), for a placement found legal. */
void pv_place(PavPosition *p, int space, int colour, int wilds) {
    PavBoard *board = &p->boards[p->offer.turn];
    int number = PV_NUMBERS[p->colourless][space], wild = pv_wild(p);
    int star = space / PV_SLOTS, slot = space % PV_SLOTS;
    board->hand[colour] -= number - wilds;
    p->tower[colour] += number - wilds - 1; /* one tile on the space, the rest of the cost to the tower */
    if (wilds) {
        board->hand[wild] -= wilds;
        p->tower[wild] += wilds;
    }
    board->filled |= 1ull << space;
    board->colours[space] = (int8_t)colour;
    board->star_rings[star] |= (uint8_t)(1u << slot);
    board->star_colours[star] |= (uint8_t)(1u << colour);
    int points = PV_ARC_POINTS[board->star_rings[star]][slot]; /* S-9 */
    board->score += points;
    board->stats[PV_PLACEMENT_POINTS] += points;
    /* S-10: every feature this placement completes pays its tiles from the supply. */
    for (int at = 0; at < PV_FEATURES_AT_COUNT[space]; at++) {
        uint64_t mask = PV_FEATURE_MASKS[PV_FEATURES_AT[space][at]];
        if ((board->filled & mask) == mask && p->pending_len < PV_MOST_PENDING)
            p->pending[p->pending_len++] = PV_FEATURE_TILES[PV_FEATURES_AT[space][at]];
    }
    if (p->pending_len)
        next_bonus(p);
    else
        next_placer(p);
}

/* _pass's checks (S-11): kept holds each colour's count. */
int pv_pass_is_legal(const PavPosition *p, const int *kept, int kept_len) {
    if (p->phase != PV_PLACE || kept_len > keep_most(p))
        return 0;
    const int32_t *hand = p->boards[p->offer.turn].hand;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (kept[colour] > hand[colour])
            return 0;
    return 1;
}

void pv_pass(PavPosition *p, const int *kept) {
    PavBoard *board = &p->boards[p->offer.turn];
    int64_t discarded = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++) {
        int extra = board->hand[colour] - kept[colour];
        p->tower[colour] += extra; /* S-11: the rest to the tower at -1 point each, never below 1 */
        discarded += extra;
        board->hand[colour] = kept[colour];
    }
    board->stats[PV_DISCARD_POINTS] += lose(board, discarded);
    board->passed = 1;
    next_placer(p);
}

/* _pick's checks (S-10): wanted holds each colour's count. */
int pv_pick_is_legal(const PavPosition *p, const int *wanted, int size) {
    if (p->phase != PV_PICK || !p->pending_len || size != pick_size(p))
        return 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (wanted[colour] > p->supply[colour])
            return 0;
    return 1;
}

void pv_pick(PavPosition *p, const int *wanted) {
    PavBoard *board = &p->boards[p->offer.turn];
    int size = 0, piles = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++) {
        p->supply[colour] -= wanted[colour];
        board->hand[colour] += wanted[colour];
        size += wanted[colour];
        piles |= p->bag[colour] || p->tower[colour];
    }
    board->stats[PV_BONUS_TILES] += size;
    pop_pending(p);
    if (pv_supply_tiles(p) < PV_SUPPLY_SIZE && piles) {
        p->phase = PV_CHANCE; /* S-10: refill the supply to ten */
        p->chance_kind = PV_REFILL;
    } else {
        next_bonus(p);
    }
}

void pv_play_code(PavPosition *p, int code) {
    int index = code & PV_INDEX_MASK;
    int counts[PV_COLOURS];
    switch (code >> PV_KIND_SHIFT) {
    case PV_TAKE_MOVE: {
        int slot = index / PV_COLOURS;
        pv_take(p, slot == PV_CENTRE_SLOT ? -1 : slot, index % PV_COLOURS);
        break;
    }
    case PV_PLACE_MOVE:
        pv_place(p, index / (PV_COLOURS * PV_SLOTS), index / PV_SLOTS % PV_COLOURS, index % PV_SLOTS);
        break;
    case PV_PASS_MOVE:
        for (int colour = 0; colour < PV_COLOURS; colour++)
            counts[colour] = PV_KEEP_COUNTS[index][colour];
        pv_pass(p, counts);
        break;
    case PV_PICK_MOVE:
        for (int colour = 0; colour < PV_COLOURS; colour++)
            counts[colour] = PV_PICK_COUNTS[index][colour];
        pv_pick(p, counts);
        break;
    }
}

/* --- chance ------------------------------------------------------------------------------------ */

int pv_draw_sizes(const PavPosition *p, int *sizes) {
    if (p->chance_kind == PV_FILL) {
        for (int factory = 0; factory < p->offer.factory_count; factory++)
            sizes[factory] = FACTORY_SIZE;
        return p->offer.factory_count;
    }
    sizes[0] = PV_SUPPLY_SIZE - pv_supply_tiles(p);
    return 1;
}

/* _apply_chance for a fill, after apply_draw: the offer opens (S-12), or placement at once (ruling R-13). */
void pv_apply_fill(PavPosition *p, const Groups *groups) {
    offer_deal(&p->offer, groups);
    if (p->offer.tiles_on_table)
        p->phase = PV_ACQUIRE;
    else
        start_placement(p);
}

/* _apply_chance for the supply (S-4, S-10), after apply_draw. */
void pv_apply_supply(PavPosition *p, const uint8_t *tiles, int count) {
    for (int tile = 0; tile < count; tile++)
        p->supply[tiles[tile]]++;
    if (p->chance_kind == PV_SETUP)
        p->chance_kind = PV_FILL;
    else
        next_bonus(p);
}
