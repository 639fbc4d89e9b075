/* Master Chocolatier's special factories (M-1..M-4) on the wall core: a round's start with the
 * discs, and the takes from SN3, SN4 and SN5 (ChocolatierState._take).  Azul's rules are wall.c's. */
#include "wall.h"

/* A round's start with special factories (ChocolatierState._apply_chance after its checks): the
 * fill, each factory's disc (kind, and SN2's colour or EMPTY) and SN1's extra praline (EMPTY: none). */
void deal_special(WallPosition *p, const Groups *groups, const uint8_t *kinds, const int8_t *colours,
                  int extra_colour) {
    Offer *offer = &p->offer;
    int count = offer->factory_count;
    offer_deal(offer, groups);
    memcpy(p->disc_kind, kinds, (size_t)count);
    memcpy(p->disc_colour, colours, (size_t)count);
    /* M-1: the special factories act in circle order, from factory 1. */
    for (int index = 0; index < count; index++) {
        if (kinds[index] == EXTRA_TILE && extra_colour >= 0) {
            offer->factories[index][extra_colour]++;
        } else if (kinds[index] == PULL) {
            int pulled = colours[index];
            int sides[2] = {(index - 1 + count) % count, (index + 1) % count};
            for (int side = 0; side < 2; side++)
                if (offer->factories[sides[side]][pulled]) {
                    offer->factories[sides[side]][pulled]--;
                    offer->factories[index][pulled]++;
                }
        }
    }
    int tiles = 0;
    for (int slot = 0; slot <= count; slot++) {
        const int16_t *counts = slot < count ? offer->factories[slot] : offer->centre;
        uint8_t mask = 0;
        for (int colour = 0; colour < COLOURS; colour++) {
            if (counts[colour])
                mask |= (uint8_t)(1u << colour);
            if (slot < count)
                tiles += counts[colour];
        }
        offer->masks[slot] = mask;
    }
    offer->tiles_on_table = (int16_t)tiles;
    if (tiles == 0)
        finish_game(p); /* Ruling R-2, as _open_offer */
    else
        p->phase = DRAFT;
}

/* --- Master Chocolatier's special factories (ChocolatierState._take, M-2..M-4) ------------------- */

int disc_index(const WallPosition *p, int kind) {
    for (int factory = 0; factory < p->offer.factory_count; factory++)
        if (p->disc_kind[factory] == kind)
            return factory;
    return -1;
}

/* _neighbours: the previous and next factory in the circle, skipping a taken SN5 (M-3). */
static void neighbours(const WallPosition *p, int index, int *previous, int *following) {
    int count = p->offer.factory_count;
    int removed = p->disc_holder >= 0 ? disc_index(p, FLOOR_SPACE) : -1;
    *previous = (index - 1 + count) % count;
    if (*previous == removed)
        *previous = (*previous - 1 + count) % count;
    *following = (index + 1) % count;
    if (*following == removed)
        *following = (*following + 1) % count;
}

/* Play a take (a split take from SN4 when `split`): 1 when played, 0 (nothing changed) when the
 * Python engine must say why it is illegal. */
int play_take(WallPosition *p, long source, long colour, long line, int split, long to_previous, long to_next) {
    Offer *offer = &p->offer;
    int kind = source >= 0 && source < offer->factory_count ? p->disc_kind[source] : NO_DISC;
    if (split && kind != SPLIT)
        return 0;
    if (!take_is_legal(p, source, colour, line))
        return 0;
    if (kind != KEEP && kind != SPLIT && kind != FLOOR_SPACE) {
        settle_take(p, (int)source, (int)colour, (int)line);
        return 1;
    }
    int seat = offer->turn;
    if (kind == FLOOR_SPACE) {
        /* M-4: leftovers to the centre as usual; the taker keeps the disc. */
        p->disc_holder = (int8_t)seat;
        settle_take(p, (int)source, (int)colour, (int)line);
        return 1;
    }
    int16_t *counts = offer->factories[source];
    int taken = counts[colour];
    if (kind == KEEP) {
        /* M-2: the leftovers stay on SN3. */
        counts[colour] = 0;
        offer->masks[source] &= (uint8_t) ~(1u << colour);
        finish_take(p, seat, (int)colour, taken, (int)line, 0);
        return 1;
    }
    /* M-3: every leftover colour, whole, to one neighbour. */
    long leftovers = offer->masks[source] & ~(1L << colour);
    if (!leftovers) {
        if (split)
            return 0;
        to_previous = to_next = 0;
    } else if (!split || (to_previous | to_next) != leftovers || (to_previous & to_next)) {
        return 0;
    }
    int sides[2];
    neighbours(p, (int)source, &sides[0], &sides[1]);
    long sent[2] = {to_previous, to_next};
    counts[colour] = 0;
    for (int side = 0; side < 2; side++) {
        int16_t *receiver = offer->factories[sides[side]];
        uint8_t mask = 0;
        for (int other = 0; other < COLOURS; other++) {
            if (sent[side] >> other & 1) {
                receiver[other] += counts[other];
                counts[other] = 0;
            }
            if (receiver[other])
                mask |= (uint8_t)(1u << other);
        }
        offer->masks[sides[side]] = mask;
    }
    offer->masks[source] = 0;
    finish_take(p, seat, (int)colour, taken, (int)line, 0);
    return 1;
}
