/* The search bot's Monte Carlo tree search (mozaika.bots.mcts.MctsBot.search) in native code.
 *
 * search.c holds the algorithm for any game of the family, step for step as the Python search
 * runs it, drawing the same numbers from the same generator (pyrandom.c): with an iteration
 * budget both searches give the same statistics.  A game takes part through a SearchGame: its
 * legal moves as numbers, play, its rollout policy, its valuation and its priors
 * (wall_search.c, pavilion_search.c, each holding its game to mozaika.azul.strategy or
 * mozaika.pavilion.strategy).  search_py.c is the method the core offers Python.
 */
#ifndef MOZAIKA_SEARCH_H
#define MOZAIKA_SEARCH_H

#include "offer.h"
#include "pyrandom.h"
#include "vector.h"

typedef uint32_t MoveCode;
/* What a rollout policy answers where the seat to move has no legal move. */
#define NO_MOVE UINT32_MAX

typedef struct SearchGame SearchGame;
struct SearchGame {
    PyObject *core;       /* the root's core: the tables its game's moves and chance need */
    size_t position_size; /* the bytes of a position, copied with memcpy */
    int most_moves;       /* room for any position's legal moves */
    int players;
    /* The legal moves of `seat` in the Python engine's order; how many. */
    int (*legal)(const SearchGame *game, const void *position, int seat, MoveCode *codes);
    /* The first seat of to_move; -1 when none (over, or chance pending). */
    int (*first_to_move)(const void *position);
    int (*is_over)(const void *position);
    int64_t (*round)(const void *position);
    /* Play a legal move and then every chance event it leads to, as `seed` decides; 0, or -1 with
     * an error set. */
    int (*play)(const SearchGame *game, void *position, MoveCode code, const ChanceSeed *seed);
    /* The rollout policy's move for the first seat to move (the game's Strategy.rollout_move);
     * `codes` is room for most_moves. */
    MoveCode (*rollout)(const SearchGame *game, const void *position, PyRandom *random, MoveCode *codes);
    /* Each seat's value in points (bots.evaluation.evaluate). */
    void (*evaluate)(const void *position, double foresight, double *points);
    /* How promising each of `codes` (the legal moves of the seat to move) looks (Strategy.move_priors). */
    void (*priors)(const void *position, const MoveCode *codes, int count, double *priors);
    /* The family's observations (the core fills it in): what a value network reads. */
    const VectorGame *vector;
};

/* A value network (mozaika.bots.network): dense layers with ReLU between them; the last answers,
 * for the observing seat and each seat after it, the points it will still gain.  The weights are
 * float32 by input (a row of outputs for each input), read where Python keeps them. */
#define NETWORK_MOST_LAYERS 4
#define NETWORK_MOST_WIDTH 256
typedef struct {
    int layers;
    int inputs;
    int extended; /* the observation has the game's extras (Master Chocolatier's discs) */
    int outputs[NETWORK_MOST_LAYERS];
    const float *weights[NETWORK_MOST_LAYERS];
    const float *biases[NETWORK_MOST_LAYERS];
} Network;

/* MctsBot's settings for one search (0 for a widening the game does not have). */
typedef struct {
    double exploration;
    double widening;
    double foresight;
    double own_weight;
    double margin;
    int64_t iterations;     /* -1: no iteration limit */
    double seconds;         /* 0: no time limit */
    double start;           /* when the budget began, on `clock` */
    PyObject *clock;        /* what the search reads the time on (bots.base.Deadline.clock), when it has a time limit */
    const Network *network; /* judges the simulations instead of the game's evaluate (NULL: none) */
    int rollout;            /* play the rollout policy to the round's end before judging (the expert does) */
} SearchOptions;

/* One of the root's moves as the search leaves it. */
typedef struct {
    MoveCode code;
    int64_t visits;
    double value;
    double points[MOST_SEATS]; /* the sum over visits of each seat's points at the simulation's end */
} RootChild;

typedef struct {
    RootChild *children; /* in the order the search first tried them (PyMem_Free them) */
    int count;
    int64_t iterations;
} SearchResult;

/* strategy.wall_potential and star_potential's last step: what a board's shape adds to the next
 * `placements` tiles, its `empty` spaces being equally likely to be filled (`excess`: the sum over
 * them of what a tile there would score beyond 1). */
static inline double shape_potential(int empty, int excess, double placements) {
    if (!empty)
        return 0.0;
    double share = placements / empty;
    return excess * (share < 1.0 ? share : 1.0);
}

/* A rollout policy's ties (Strategy.rollout_move): keep `code` among the best moves so far, codes[0] to
 * codes[*best - 1] (written over the list read: `code` was read from at or after codes[*best]), a worth
 * beyond 1e-9 above *top starting them anew. */
static inline void keep_best(MoveCode *codes, int *best, double *top, MoveCode code, double worth) {
    if (worth > *top + 1e-9) {
        *top = worth;
        *best = 0;
        codes[(*best)++] = code;
    } else if (worth > *top - 1e-9) {
        codes[(*best)++] = code;
    }
}

/* What a family's `evaluate` computes (bots.evaluation.evaluate): each seat's score where the game is
 * over; else its board's value and, with foresight, what its shape adds over the placements left
 * (`placements`: foresight times the placements the game has left).  The family's functions are
 * inlined where it calls this. */
typedef struct {
    double (*placements)(const void *position, double foresight);
    double (*value)(const void *position, int seat);
    double (*potential)(const void *position, int seat, double placements);
} Valuation;

static inline void evaluate_seats(const void *position, int over, const void *boards, size_t board_size, int players,
                                  double foresight, Valuation valuation, double *points) {
    if (over) {
        int64_t scores[MOST_SEATS];
        board_scores(boards, board_size, players, scores);
        for (int seat = 0; seat < players; seat++)
            points[seat] = (double)scores[seat];
        return;
    }
    double placements = foresight != 0.0 ? valuation.placements(position, foresight) : 0.0;
    for (int seat = 0; seat < players; seat++) {
        points[seat] = valuation.value(position, seat);
        if (foresight != 0.0)
            points[seat] += valuation.potential(position, seat, placements);
    }
}

/* Search from `root` for `seat`, trying the moves of `shortlist` at the root; `random` is the bot's
 * generator, left as the Python search would leave it.  0; -1 with an error set; or -2 (no error)
 * where a simulation meets a position with no legal move, which the Python engine must judge. */
int run_search(const SearchGame *game, const void *root, int seat, const MoveCode *shortlist, int shortlist_count,
               const SearchOptions *options, PyRandom *random, SearchResult *result);

/* The method the core offers (search_py.c):
 *   search(shortlist, seat, generator state, options) -> (children, iterations, generator state)
 * shortlist: moves of the root's seat; generator state: random.Random.getstate()[1]; options:
 * (exploration, widening, foresight, own_weight, margin, iterations or None, seconds or None, the budget's
 * start, the clock it is read on[, network, rollout]), the network None or ValueNetwork.native_form()
 * and rollout a bool (without them: no network, rollouts);
 * children: (move, visits, value, points) in the order first tried.  None (changing nothing)
 * where the position is one the Python search must judge.  `code_to_move` gives the move object
 * of a code (a new reference). */
PyObject *search_method(const SearchGame *game, const void *root, PyObject *args,
                        PyObject *(*code_to_move)(PyObject *core, MoveCode code));

#endif
