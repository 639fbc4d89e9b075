/* Open-loop UCT with chance re-sampled (search.h): MctsBot.search, step for step. */
#include "search.h"

#include <math.h>

/* A node of the tree: the statistics of one move sequence from the root. */
typedef struct {
    int64_t visits;
    double value; /* summed from the point of view of `seat`, the seat whose move led here */
    int32_t seat;
    int32_t root_child; /* for the root's children, their index among them; else -1 */
} Node;

/* The tree: its nodes, and each node's children by move in an open-addressed table. */
typedef struct {
    Node *nodes;
    int64_t count, room;
    uint64_t *keys; /* parent << 32 | code + 1; 0 for an empty entry */
    int32_t *children;
    uint64_t mask; /* the table's size minus one */
    int64_t used;
} Tree;

static uint64_t slot_of(uint64_t key) {
    key ^= key >> 31;
    key *= 0x9e3779b97f4a7c15ull;
    return key ^ key >> 29;
}

static int32_t child_of(const Tree *tree, int64_t parent, MoveCode code) {
    uint64_t key = (uint64_t)parent << 32 | ((uint64_t)code + 1);
    for (uint64_t at = slot_of(key) & tree->mask;; at = (at + 1) & tree->mask) {
        if (tree->keys[at] == key)
            return tree->children[at];
        if (tree->keys[at] == 0)
            return -1;
    }
}

static void put_child(Tree *tree, uint64_t key, int32_t child) {
    uint64_t at = slot_of(key) & tree->mask;
    while (tree->keys[at] != 0)
        at = (at + 1) & tree->mask;
    tree->keys[at] = key;
    tree->children[at] = child;
}

static int grow_table(Tree *tree) {
    uint64_t old_size = tree->mask + 1, size = old_size * 2;
    uint64_t *old_keys = tree->keys;
    int32_t *old_children = tree->children;
    tree->keys = PyMem_RawCalloc(size, sizeof *tree->keys);
    tree->children = PyMem_RawMalloc(size * sizeof *tree->children);
    if (tree->keys == NULL || tree->children == NULL) {
        PyMem_RawFree(tree->keys);
        PyMem_RawFree(tree->children);
        tree->keys = old_keys;
        tree->children = old_children;
        native_no_memory();
        return -1;
    }
    tree->mask = size - 1;
    for (uint64_t at = 0; at < old_size; at++)
        if (old_keys[at])
            put_child(tree, old_keys[at], old_children[at]);
    PyMem_RawFree(old_keys);
    PyMem_RawFree(old_children);
    return 0;
}

/* A new node for the seat that moved, as the child of `parent` by `code`; its index, or -1. */
static int64_t add_node(Tree *tree, int64_t parent, MoveCode code, int seat) {
    if (tree->count == tree->room) {
        if (tree->room >= INT32_MAX / 2) {
            native_error(PyExc_MemoryError, "the search tree outgrew its index");
            return -1;
        }
        Node *nodes = PyMem_RawRealloc(tree->nodes, (size_t)tree->room * 2 * sizeof *nodes);
        if (nodes == NULL) {
            native_no_memory();
            return -1;
        }
        tree->nodes = nodes;
        tree->room *= 2;
    }
    if ((uint64_t)(tree->used + 1) * 2 > tree->mask + 1 && grow_table(tree) < 0)
        return -1;
    int64_t index = tree->count++;
    tree->nodes[index] = (Node){0, 0.0, seat, -1};
    if (parent >= 0) {
        put_child(tree, (uint64_t)parent << 32 | ((uint64_t)code + 1), (int32_t)index);
        tree->used++;
    }
    return index;
}

/* bots.base.Deadline, as the search asks it, on the deadline's own clock: the iterations done, when
 * the last ended and the slowest.  The clock is read only under a time limit. */
typedef struct {
    PyObject *read;
    double start, last, slowest;
    int64_t done;
} Clock;

/* The clock's time (the search runs without the GIL: it is taken for the call). */
static int read_clock(const Clock *clock, double *now) {
    PyGILState_STATE held = PyGILState_Ensure();
    PyObject *reading = PyObject_CallNoArgs(clock->read);
    int failed = reading == NULL;
    if (reading != NULL) {
        *now = PyFloat_AsDouble(reading);
        Py_DECREF(reading);
        failed = *now == -1.0 && PyErr_Occurred();
    }
    PyGILState_Release(held);
    return failed ? -1 : 0;
}

/* Count one finished iteration; then 1 when the budget is spent, 0 when not, -1 with an error set. */
static int tick_expired(Clock *clock, const SearchOptions *options) {
    clock->done++;
    if (options->seconds > 0) {
        double now;
        if (read_clock(clock, &now) < 0)
            return -1;
        if (now - clock->last > clock->slowest)
            clock->slowest = now - clock->last;
        clock->last = now;
    }
    if (options->iterations >= 0 && clock->done >= options->iterations)
        return 1;
    if (options->seconds > 0) {
        double now;
        if (read_clock(clock, &now) < 0)
            return -1;
        return now - clock->start + 1.5 * clock->slowest >= options->seconds * 0.98;
    }
    return options->iterations < 0 && clock->done >= 1;
}

/* mcts.standings and values_of_points: each seat's result in [0, 1] from its points. */
static void standings(const double *points, int players, double *leads) {
    for (int seat = 0; seat < players; seat++) {
        double best = -INFINITY;
        for (int other = 0; other < players; other++)
            if (other != seat && points[other] > best)
                best = points[other];
        leads[seat] = points[seat] - best;
    }
}

/* strategy.best_of over (worth, index) pairs floored at `floor`: how many of the best, their indices in `best`. */
static int best_of(const double *worths, int count, double floor, int *best) {
    int found = 0;
    double top = floor;
    for (int at = 0; at < count; at++) {
        if (worths[at] > top + 1e-9) {
            top = worths[at];
            found = 0;
            best[found++] = at;
        } else if (worths[at] > top - 1e-9) {
            best[found++] = at;
        }
    }
    return found;
}

typedef struct {
    const SearchGame *game;
    const SearchOptions *options;
    VectorCore *observer; /* what the family's encoder reads of an environment: the extras or not */
    float *observation;
    Tree tree;
    MoveCode *codes, *tried, *scratch;
    int32_t *found;
    double *priors;
    int *best;
    int64_t *path;
    int64_t path_room;
    unsigned char *simulation;
} Work;

static int grow_path(Work *work) {
    int64_t *path = PyMem_RawRealloc(work->path, (size_t)work->path_room * 2 * sizeof *path);
    if (path == NULL) {
        native_no_memory();
        return -1;
    }
    work->path = path;
    work->path_room *= 2;
    return 0;
}

/* mcts._most_promising_untried: the untried move with the highest prior, ties broken at random. */
static MoveCode most_promising_untried(Work *work, const void *position, const MoveCode *moves, int count, int64_t node,
                                       PyRandom *random) {
    work->game->priors(position, moves, count, work->priors);
    int untried = 0;
    for (int at = 0; at < count; at++)
        if (child_of(&work->tree, node, moves[at]) < 0) {
            work->priors[untried] = work->priors[at];
            work->tried[untried++] = moves[at];
        }
    int best = best_of(work->priors, untried, -1e9, work->best);
    return work->tried[work->best[pyrandom_below(random, (uint32_t)best)]];
}

/* ValueNetwork.points: each seat's score and what the network says it will still gain, seen from the
 * first seat to move (0 where none is); a finished game's scores.  The sums are the Python
 * evaluation's, term for term in double precision, so that both give the same numbers. */
static void network_points(const Work *work, const void *position, double *points) {
    const SearchGame *game = work->game;
    const Network *network = work->options->network;
    if (game->is_over(position)) {
        game->evaluate(position, 0.0, points);
        return;
    }
    int seat = game->first_to_move(position), players = game->players;
    if (seat < 0)
        seat = 0;
    float *observation = work->observation;
    memset(observation, 0, (size_t)network->inputs * sizeof *observation);
    game->vector->encode(work->observer, position, seat, observation);
    double values[NETWORK_MOST_WIDTH], next[NETWORK_MOST_WIDTH];
    int width = network->outputs[0];
    for (int out = 0; out < width; out++)
        values[out] = network->biases[0][out];
    for (int in = 0; in < network->inputs; in++) /* most of an observation is zeros */
        if (observation[in] != 0.0f) {
            double value = observation[in];
            const float *row = network->weights[0] + (size_t)in * width;
            for (int out = 0; out < width; out++)
                values[out] += value * row[out];
        }
    for (int layer = 1; layer < network->layers; layer++) {
        int outputs = network->outputs[layer];
        for (int out = 0; out < outputs; out++)
            next[out] = network->biases[layer][out];
        for (int in = 0; in < width; in++) {
            double value = values[in] > 0.0 ? values[in] : 0.0;
            const float *row = network->weights[layer] + (size_t)in * outputs;
            for (int out = 0; out < outputs; out++)
                next[out] += value * row[out];
        }
        memcpy(values, next, (size_t)outputs * sizeof *values);
        width = outputs;
    }
    int64_t scores[MOST_SEATS];
    game->vector->scores(position, scores);
    for (int offset = 0; offset < players; offset++) {
        int other = (seat + offset) % players;
        points[other] = (double)scores[other] + values[offset];
    }
}

/* Each seat's points at `position`: the network's where there is one, else the game's valuation. */
static void judge(const Work *work, const void *position, double *points) {
    if (work->options->network != NULL)
        network_points(work, position, points);
    else
        work->game->evaluate(position, work->options->foresight, points);
}

int run_search(const SearchGame *game, const void *root, int seat, const MoveCode *shortlist, int shortlist_count,
               const SearchOptions *options, PyRandom *random, SearchResult *result) {
    Work work = {game, options};
    int status = -1, players = game->players, most = game->most_moves;
    result->children = NULL;
    result->count = 0;
    result->iterations = 0;
    work.tree.room = 1024;
    work.tree.nodes = PyMem_RawMalloc((size_t)work.tree.room * sizeof(Node));
    work.tree.mask = 4095;
    work.tree.keys = PyMem_RawCalloc(work.tree.mask + 1, sizeof(uint64_t));
    work.tree.children = PyMem_RawMalloc((work.tree.mask + 1) * sizeof(int32_t));
    work.codes = PyMem_RawMalloc((size_t)most * sizeof(MoveCode));
    work.tried = PyMem_RawMalloc((size_t)most * sizeof(MoveCode));
    work.scratch = PyMem_RawMalloc((size_t)most * sizeof(MoveCode));
    work.found = PyMem_RawMalloc((size_t)most * sizeof(int32_t));
    work.priors = PyMem_RawMalloc((size_t)most * sizeof(double));
    work.best = PyMem_RawMalloc((size_t)most * sizeof(int));
    work.path_room = 64;
    work.path = PyMem_RawMalloc((size_t)work.path_room * sizeof(int64_t));
    work.simulation = PyMem_RawMalloc(game->position_size);
    if (options->network != NULL) {
        work.observer = PyMem_RawCalloc(1, sizeof *work.observer);
        work.observation = PyMem_RawMalloc((size_t)options->network->inputs * sizeof(float));
        if (work.observer == NULL || work.observation == NULL) {
            native_no_memory();
            goto done;
        }
        work.observer->extended = options->network->extended;
        work.observer->players = players;
    }
    result->children = PyMem_RawCalloc((size_t)(shortlist_count ? shortlist_count : 1), sizeof(RootChild));
    if (!work.tree.nodes || !work.tree.keys || !work.tree.children || !work.codes || !work.tried || !work.scratch ||
        !work.found || !work.priors || !work.best || !work.path || !work.simulation || !result->children) {
        native_no_memory();
        goto done;
    }
    if (add_node(&work.tree, -1, 0, seat) < 0)
        goto done;
    double reference_points[MOST_SEATS], reference_leads[MOST_SEATS];
    judge(&work, root, reference_points);
    standings(reference_points, players, reference_leads);
    Clock clock = {options->clock, options->start, options->start, 0.0, 0};
    void *simulation = work.simulation;
    for (;;) {
        memcpy(simulation, root, game->position_size);
        uint32_t limbs[2];
        int limb_count;
        pyrandom_limbs(random, 48, limbs, &limb_count);
        ChanceSeed chance = {NULL, NULL, (int64_t)((uint64_t)limbs[0] | (uint64_t)limbs[1] << 32)};
        int64_t node = 0;
        int depth = 0;
        work.path[depth++] = 0;
        /* Selection and expansion. */
        while (!game->is_over(simulation)) {
            int is_root = node == 0;
            int mover = is_root ? seat : game->first_to_move(simulation);
            const MoveCode *moves = shortlist;
            int count = shortlist_count;
            if (!is_root) {
                count = game->legal(game, simulation, mover, work.codes);
                moves = work.codes;
            }
            if (count == 0) {
                status = -2;
                goto done;
            }
            Node *parent = &work.tree.nodes[node];
            int has_expansion = 0, selectable = 0;
            MoveCode expansion = 0;
            if (options->widening != 0.0 && !is_root) {
                for (int at = 0; at < count; at++) {
                    int32_t child = child_of(&work.tree, node, moves[at]);
                    if (child >= 0) {
                        work.found[selectable] = child;
                        work.scratch[selectable++] = moves[at];
                    }
                }
                if (selectable < count && selectable <= options->widening * sqrt((double)parent->visits)) {
                    expansion = most_promising_untried(&work, simulation, moves, count, node, random);
                    has_expansion = 1;
                }
            } else {
                int untried = 0;
                for (int at = 0; at < count; at++) {
                    int32_t child = child_of(&work.tree, node, moves[at]);
                    if (child < 0) {
                        work.tried[untried++] = moves[at];
                    } else {
                        work.found[selectable] = child;
                        work.scratch[selectable++] = moves[at];
                    }
                }
                if (untried) {
                    expansion = work.tried[pyrandom_below(random, (uint32_t)untried)];
                    has_expansion = 1;
                }
            }
            if (has_expansion) {
                int64_t child = add_node(&work.tree, node, expansion, mover);
                if (child < 0)
                    goto done;
                if (is_root) {
                    RootChild *entry = &result->children[result->count];
                    entry->code = expansion;
                    work.tree.nodes[child].root_child = result->count++;
                }
                if (game->play(game, simulation, expansion, &chance) < 0)
                    goto done;
                if (depth == work.path_room && grow_path(&work) < 0)
                    goto done;
                work.path[depth++] = child;
                break;
            }
            if (selectable == 0) { /* no child to go through and none to add: no move to make */
                native_error(PyExc_RuntimeError, "the search found no move to try at a node");
                goto done;
            }
            double scale = options->exploration * sqrt(log((double)(parent->visits + 1)));
            double best_score = -1.0;
            int chosen = 0;
            for (int at = 0; at < selectable; at++) {
                const Node *candidate = &work.tree.nodes[work.found[at]];
                double score = candidate->value / (double)candidate->visits + scale / sqrt((double)candidate->visits);
                if (score > best_score) {
                    best_score = score;
                    chosen = at;
                }
            }
            MoveCode move = work.scratch[chosen];
            node = work.found[chosen];
            if (game->play(game, simulation, move, &chance) < 0)
                goto done;
            if (depth == work.path_room && grow_path(&work) < 0)
                goto done;
            work.path[depth++] = node;
        }
        /* Rollout to the end of this round, then judge the position. */
        int64_t leaf_round = game->round(simulation);
        while (options->rollout && !game->is_over(simulation) && game->round(simulation) == leaf_round) {
            MoveCode move = game->rollout(game, simulation, random, work.codes);
            if (move == NO_MOVE) {
                status = -2;
                goto done;
            }
            if (game->play(game, simulation, move, &chance) < 0)
                goto done;
        }
        double points[MOST_SEATS], leads[MOST_SEATS], values[MOST_SEATS];
        judge(&work, simulation, points);
        standings(points, players, leads);
        for (int who = 0; who < players; who++) {
            double gain =
                leads[who] - reference_leads[who] + options->own_weight * (points[who] - reference_points[who]);
            values[who] = 0.5 + 0.5 * tanh(gain / options->margin);
        }
        if (depth > 1) {
            RootChild *first = &result->children[work.tree.nodes[work.path[1]].root_child];
            for (int who = 0; who < players; who++)
                first->points[who] += points[who];
        }
        for (int at = 0; at < depth; at++) {
            Node *visited = &work.tree.nodes[work.path[at]];
            visited->visits++;
            visited->value += values[visited->seat];
        }
        int spent = tick_expired(&clock, options);
        if (spent < 0)
            goto done;
        if (spent)
            break;
    }
    for (int at = 1; at < work.tree.count; at++) {
        const Node *child = &work.tree.nodes[at];
        if (child->root_child >= 0) {
            result->children[child->root_child].visits = child->visits;
            result->children[child->root_child].value = child->value;
        }
    }
    result->iterations = clock.done;
    status = 0;
done:
    PyMem_RawFree(work.tree.nodes);
    PyMem_RawFree(work.tree.keys);
    PyMem_RawFree(work.tree.children);
    PyMem_RawFree(work.codes);
    PyMem_RawFree(work.tried);
    PyMem_RawFree(work.scratch);
    PyMem_RawFree(work.found);
    PyMem_RawFree(work.priors);
    PyMem_RawFree(work.best);
    PyMem_RawFree(work.path);
    PyMem_RawFree(work.simulation);
    PyMem_RawFree(work.observer);
    PyMem_RawFree(work.observation);
    if (status < 0) {
        PyMem_RawFree(result->children);
        result->children = NULL;
        result->count = 0;
    }
    return status;
}
