/* Azul's rules on the coloured and the grey wall (rules F-1..F-4, A-1..A-13), natively.
 *
 * Each function mirrors the method of mozaika.azul.state.AzulState (or Board) named in
 * its comment, step for step and in the same order, so that the same moves, chance and
 * random numbers give the same positions.  A move this code does not recognise, or finds
 * illegal, is not applied here: the Python bridge hands it to the Python engine, which
 * says why (or, were it legal there, plays it), so errors are the reference's own.
 *
 * The Python type that holds a position is in wall_core.c.
 */
#include "wall.h"

#include <math.h>

const int FLOOR_LOSS[FLOOR_SPACES + 1] = {0, 1, 2, 4, 6, 8, 11, 14};

/* --- the wall (mozaika.azul.wall) --------------------------------------------------------- */

static int run_through(unsigned line, int index) {
    if (!(line >> index & 1))
        return 0;
    int low = index, high = index;
    while (low > 0 && (line >> (low - 1) & 1))
        low--;
    while (high < SIZE - 1 && (line >> (high + 1) & 1))
        high++;
    return high - low + 1;
}

/* placement_points: A-8, the wall already holding the new tile. */
int placement_points(uint32_t wall, int row, int column) {
    unsigned across_line = wall >> (SIZE * row) & FULL_ROW;
    unsigned down_line = 0;
    for (int r = 0; r < SIZE; r++)
        down_line |= (wall >> (SIZE * r + column) & 1u) << r;
    int across = run_through(across_line, column);
    int down = run_through(down_line, row);
    if (across == 1 && down == 1)
        return 1;
    return (across > 1 ? across : 0) + (down > 1 ? down : 0);
}

static int complete_rows(uint32_t wall) {
    int rows = 0;
    for (int row = 0; row < SIZE; row++)
        rows += (wall >> (SIZE * row) & FULL_ROW) == FULL_ROW;
    return rows;
}

static int complete_columns(uint32_t wall) {
    int columns = 0;
    for (int column = 0; column < SIZE; column++) {
        int full = 1;
        for (int row = 0; row < SIZE; row++)
            full &= wall >> (SIZE * row + column) & 1;
        columns += full;
    }
    return columns;
}

/* --- a board (mozaika.azul.board.Board) ---------------------------------------------------- */

static void refresh_accept(WallBoard *board) {
    unsigned empty_lines = 0, open_lines[COLOURS] = {0};
    for (int line = 0; line < SIZE; line++) {
        int held = board->line_count[line];
        if (held == 0)
            empty_lines |= 1u << line;
        else if (held <= line)
            open_lines[board->line_colour[line]] |= 1u << line;
    }
    for (int colour = 0; colour < COLOURS; colour++)
        board->accept[colour] = (uint8_t)((empty_lines | open_lines[colour]) & ~(unsigned)board->colour_rows[colour]);
}

static void place_on_wall(WallBoard *board, int row, int column, int colour) {
    board->wall |= 1u << (SIZE * row + column);
    board->wall_colours[SIZE * row + column] = (int8_t)colour;
    board->colour_rows[colour] |= (uint8_t)(1u << row);
    board->column_colours[column] |= (uint8_t)(1u << colour);
}

/* Board.grey_columns as a bit mask of columns. */
unsigned grey_columns(const WallBoard *board, int row, int colour) {
    unsigned columns = 0;
    for (int column = 0; column < SIZE; column++)
        if (!(board->wall >> (SIZE * row + column) & 1) && !(board->column_colours[column] >> colour & 1))
            columns |= 1u << column;
    return columns;
}

static int match_colours(const WallBoard *board, const int *missing, int missing_count, int index, unsigned free,
                         unsigned used) {
    if (index == missing_count)
        return 1;
    int colour = missing[index];
    for (int column = 0; column < SIZE; column++)
        if ((free >> column & 1) && !(used >> column & 1) && !(board->column_colours[column] >> colour & 1) &&
            match_colours(board, missing, missing_count, index + 1, free, used | 1u << column))
            return 1;
    return 0;
}

/* Board.row_can_be_completed: each missing colour in a free column of its own. */
static int row_can_be_completed(const WallBoard *board, int row) {
    int missing[COLOURS], missing_count = 0;
    for (int colour = 0; colour < COLOURS; colour++)
        if (!(board->colour_rows[colour] >> row & 1))
            missing[missing_count++] = colour;
    unsigned free = 0;
    for (int column = 0; column < SIZE; column++)
        if (!(board->wall >> (SIZE * row + column) & 1))
            free |= 1u << column;
    return match_colours(board, missing, missing_count, 0, free, 0);
}

/* --- the rules (mozaika.azul.state.AzulState) ---------------------------------------------- */

/* ChocolatierState._return_discs (M-4): SN5's praline to the lid, every disc back to the box. */
static void return_discs(WallPosition *p) {
    if (p->disc_tile != EMPTY)
        p->lid[p->disc_tile]++;
    p->disc_tile = EMPTY;
    p->disc_holder = -1;
    memset(p->disc_kind, NO_DISC, sizeof p->disc_kind);
    memset(p->disc_colour, EMPTY, sizeof p->disc_colour);
}

void finish_game(WallPosition *p) {
    return_discs(p);
    for (int seat = 0; seat < p->players; seat++) {
        WallBoard *board = &p->boards[seat];
        int colours = 0;
        for (int colour = 0; colour < COLOURS; colour++)
            colours += board->colour_rows[colour] == FULL_ROW;
        board->stats[BONUS_ROWS] = 2 * complete_rows(board->wall);
        board->stats[BONUS_COLUMNS] = 7 * complete_columns(board->wall);
        board->stats[BONUS_COLOURS] = 10 * colours;
        board->score += board->stats[BONUS_ROWS] + board->stats[BONUS_COLUMNS] + board->stats[BONUS_COLOURS];
    }
    p->phase = OVER;
}

static void drop_to_floor(WallPosition *p, WallBoard *board, int colour, int count) {
    if (p->disc_holder >= 0 && p->disc_tile == EMPTY && &p->boards[p->disc_holder] == board) {
        /* M-4: the next praline bound for this floor lies on the SN5 disc, penalty-free. */
        p->disc_tile = (int8_t)colour;
        if (!--count)
            return;
    }
    board->stats[TILES_TO_FLOOR] += count;
    int room = FLOOR_SPACES - board->floor_len;
    int kept = count < room ? count : room;
    for (int tile = 0; tile < kept; tile++)
        board->floor[board->floor_len++] = (int8_t)colour;
    if (count > kept)
        p->lid[colour] += count - kept;
}

static void score_floor(WallPosition *p, WallBoard *board) {
    int64_t loss = FLOOR_LOSS[board->floor_len];
    if (loss > board->score)
        loss = board->score;
    board->score -= loss;
    board->stats[FLOOR_POINTS] += loss;
    for (int space = 0; space < board->floor_len; space++)
        if (board->floor[space] != MARKER)
            p->lid[board->floor[space]]++;
    board->floor_len = 0;
    refresh_accept(board);
}

static void move_to_wall(WallPosition *p, WallBoard *board, int line, int column) {
    int colour = board->line_colour[line];
    place_on_wall(board, line, column, colour);
    int points = placement_points(board->wall, line, column);
    board->score += points;
    board->stats[PLACEMENT] += points;
    p->lid[colour] += line;
    board->line_count[line] = 0;
    board->line_colour[line] = EMPTY;
}

static void advance_grey_tiling(WallPosition *p, WallBoard *board) {
    int line = board->tiling_line;
    while (line < SIZE) {
        if (board->line_count[line] == line + 1) {
            int colour = board->line_colour[line];
            if (grey_columns(board, line, colour)) {
                board->tiling_line = (uint8_t)line;
                board->waiting = 1;
                return;
            }
            /* no column allowed, so every tile of the line goes to the floor. */
            board->line_count[line] = 0;
            board->line_colour[line] = EMPTY;
            drop_to_floor(p, board, colour, line + 1);
        }
        line++;
    }
    board->tiling_line = SIZE;
    board->waiting = 0;
    score_floor(p, board);
}

/* _a_row_can_still_be_completed (rulings ). */
static int a_row_can_still_be_completed(const WallPosition *p) {
    int64_t free[COLOURS];
    int64_t fewest = INT64_MAX;
    for (int colour = 0; colour < COLOURS; colour++) {
        free[colour] = (int64_t)p->bag[colour] + p->lid[colour];
        if (free[colour] < fewest)
            fewest = free[colour];
    }
    if (fewest >= SIZE) {
        if (!p->grey)
            return 1;
        for (int seat = 0; seat < p->players; seat++)
            for (int row = 0; row < SIZE; row++)
                if (row_can_be_completed(&p->boards[seat], row))
                    return 1;
        return 0;
    }
    /* The lines that hold tiles and may never fill; each that free tiles could fill gives its
     * tiles back, until none can (free tiles only grow, so the order does not matter). */
    uint8_t blocked[MOST_SEATS][SIZE];
    for (int seat = 0; seat < p->players; seat++)
        for (int line = 0; line < SIZE; line++)
            blocked[seat][line] = p->boards[seat].line_count[line] != 0;
    int released = 1;
    while (released) {
        released = 0;
        for (int seat = 0; seat < p->players; seat++)
            for (int line = 0; line < SIZE; line++) {
                const WallBoard *board = &p->boards[seat];
                if (blocked[seat][line] && free[board->line_colour[line]] >= line + 1 - board->line_count[line]) {
                    free[board->line_colour[line]] += board->line_count[line];
                    blocked[seat][line] = 0;
                    released = 1;
                }
            }
    }
    for (int seat = 0; seat < p->players; seat++) {
        const WallBoard *board = &p->boards[seat];
        for (int row = 0; row < SIZE; row++) {
            if (blocked[seat][row])
                continue;
            int enough = 1;
            for (int colour = 0; colour < COLOURS; colour++)
                if (!(board->colour_rows[colour] >> row & 1) && !(free[colour] > row))
                    enough = 0;
            if (enough && (!p->grey || row_can_be_completed(board, row)))
                return 1;
        }
    }
    return 0;
}

static void end_round(WallPosition *p) {
    return_discs(p);
    for (int seat = 0; seat < p->players; seat++)
        if (complete_rows(p->boards[seat].wall)) {
            finish_game(p);
            return;
        }
    if (!a_row_can_still_be_completed(p)) {
        finish_game(p);
        return;
    }
    /* the marker's holder starts; if nobody took it, the same starter again. */
    if (p->offer.marker_holder >= 0)
        p->offer.starter = (uint8_t)p->offer.marker_holder;
    p->round++;
    p->phase = CHANCE;
}

static void tile_walls(WallPosition *p) {
    if (p->grey) {
        int waiting = 0;
        for (int seat = 0; seat < p->players; seat++) {
            p->boards[seat].tiling_line = 0;
            advance_grey_tiling(p, &p->boards[seat]);
        }
        for (int seat = 0; seat < p->players; seat++)
            waiting |= p->boards[seat].waiting;
        if (waiting) {
            p->phase = TILING;
            return;
        }
    } else {
        for (int seat = 0; seat < p->players; seat++) {
            WallBoard *board = &p->boards[seat];
            for (int line = 0; line < SIZE; line++)
                if (board->line_count[line] == line + 1)
                    move_to_wall(p, board, line, (line + board->line_colour[line]) % SIZE);
            score_floor(p, board);
        }
    }
    end_round(p);
}

/* _take, for a take already found legal. */
void settle_take(WallPosition *p, int source, int colour, int line) {
    Offer *offer = &p->offer;
    int seat = offer->turn;
    int16_t *counts = source_counts(offer, source);
    int taken = counts[colour];
    counts[colour] = 0; /* every tile of the colour */
    int marker = offer_take_from(offer, seat, source, colour);
    finish_take(p, seat, colour, taken, line, marker);
}

/* _settle_take: the marker to the floor, the tiles to their line, then the turn passes or the offer ends. */
void finish_take(WallPosition *p, int seat, int colour, int taken, int line, int marker) {
    Offer *offer = &p->offer;
    WallBoard *board = &p->boards[seat];
    if (marker && board->floor_len < FLOOR_SPACES) /* on a full floor the marker costs nothing */
        board->floor[board->floor_len++] = MARKER;
    offer->tiles_on_table = (int16_t)(offer->tiles_on_table - taken);
    int overflow;
    if (line == FLOOR_LINE) {
        overflow = taken;
    } else {
        int held = board->line_count[line];
        int space = line + 1 - held;
        int placed = taken < space ? taken : space;
        if (held == 0) {
            board->line_colour[line] = (int8_t)colour;
            /* The line now takes only this colour, and only while it has room. */
            for (int other = 0; other < COLOURS; other++)
                board->accept[other] &= (uint8_t) ~(1u << line);
            if (placed < space)
                board->accept[colour] |= (uint8_t)(1u << line);
        } else if (placed == space) {
            board->accept[colour] &= (uint8_t) ~(1u << line);
        }
        board->line_count[line] = (uint8_t)(held + placed);
        overflow = taken - placed;
    }
    if (overflow)
        drop_to_floor(p, board, colour, overflow);
    if (offer->tiles_on_table == 0) /* */
        tile_walls(p);
    else
        offer->turn = (uint8_t)((seat + 1) % p->players);
}

int take_is_legal(const WallPosition *p, long source, long colour, long line) {
    const Offer *offer = &p->offer;
    if (source < -1 || source >= offer->factory_count || colour < 0 || colour >= COLOURS || line < 0 ||
        line > FLOOR_LINE || p->phase != DRAFT)
        return 0;
    int taken = source < 0 ? offer->centre[colour] : offer->factories[source][colour];
    return taken && (line == FLOOR_LINE || (p->boards[offer->turn].accept[colour] >> line & 1));
}

/* _choose_column's checks. */
int column_is_legal(const WallPosition *p, long seat, long line, long column) {
    if (p->phase != TILING || seat < 0 || seat >= p->players || line < 0 || line >= SIZE || column < 0 ||
        column >= SIZE)
        return 0;
    const WallBoard *board = &p->boards[seat];
    return board->waiting && line == board->tiling_line &&
           (grey_columns(board, (int)line, board->line_colour[line]) >> column & 1);
}

void choose_column(WallPosition *p, int seat, int line, int column) {
    WallBoard *board = &p->boards[seat];
    move_to_wall(p, board, line, column);
    board->waiting = 0;
    board->tiling_line = (uint8_t)(line + 1);
    advance_grey_tiling(p, board);
    for (int other = 0; other < p->players; other++)
        if (p->boards[other].waiting)
            return;
    end_round(p);
}

/* --- chance ------------------------------------------------------------------------------------ */

/* Deal a fill and open the offer (_apply_chance after apply_draw, and _open_offer). */
void deal_and_open(WallPosition *p, const Groups *groups) {
    offer_deal(&p->offer, groups);
    if (p->offer.tiles_on_table == 0)
        finish_game(p); /* Ruling R-2: with no tile left to offer, no tile can ever move again. */
    else
        p->phase = DRAFT;
}
