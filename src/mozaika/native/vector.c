/* VectorCore: many games of one kind stepped in one call (vector.h).
 *
 *   VectorCore(start, num_envs, win_rewards, shaped, arrays, extra_actions, observation_size, action_count
 *              [, final_arrays])
 *
 * `start` is a core holding a new game before its first deal; the observation size and the action
 * count say whether the game's extras are in (Master Chocolatier's discs, its split takes); `arrays` are the caller's
 * C-contiguous buffers the core writes into: observations (num_envs x observation size, float32), masks (num_envs x
 * actions, int8), rewards (num_envs x players, float32), the seat that moved (int8), terminated (bool), scores
 * (num_envs x players, int32), each game's seed (int64) and the reward of the seat that moved (float32).
 * `extra_actions`: a game's own tables of action indices (Summer Pavilion's picks, then passes).
 * `final_arrays` (optional): where each step writes the info of the games it ended (seat that moved, rewards,
 * scores, the finished game's seed; zero for the others), so that Python builds no info of its own.
 */
#include "vector.h"

#include <stddef.h>

#include "core.h"

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void vector_observe(VectorCore *self, int env) {
    const VectorGame *game = self->game;
    const void *position = vector_position(self, env);
    float *observation = (float *)view(self, V_OBSERVATIONS) + (size_t)env * self->observation_size;
    int8_t *mask = (int8_t *)view(self, V_MASKS) + (size_t)env * self->action_count;
    if (self->rules_check && game->encode_cached != NULL) {
        /* The game writes the whole mask, its observation from its cache: nothing to clear first. */
        int seat = game->first_to_move(position);
        if (seat < 0) {
            memset(mask, 0, (size_t)self->action_count);
            memset(observation, 0, (size_t)self->written * sizeof *observation);
            self->legal[env] = 0;
            return;
        }
        game->encode_cached(self, position, seat, observation, self->caches + (size_t)env * game->cache_size,
                            self->fresh[env]);
        self->fresh[env] = 0;
        self->legal[env] = game->legal_actions(self, position, mask, NULL);
        return;
    }
    uint32_t *codes = self->codes + (size_t)env * game->most_moves;
    int32_t *actions = self->actions + (size_t)env * game->most_moves;
    uint64_t *bits = self->legal_bits + (size_t)env * self->legal_words;
    int rules = self->rules_check; /* the game writes the whole mask (below) */
    if (rules) {
    } else if (game->legal_actions != NULL) {
        /* A short mask at once; a long one (Master Chocolatier's 11,125 actions, a few dozen legal) 64
         * actions at a time where its bits say one was legal. */
        if (self->action_count <= 1024) {
            memset(mask, 0, (size_t)self->action_count);
            memset(bits, 0, (size_t)self->legal_words * sizeof *bits);
        } else
            for (int word = 0; word < self->legal_words; word++)
                if (bits[word]) {
                    int first = 64 * word, last = first + 64 < self->action_count ? first + 64 : self->action_count;
                    memset(mask + first, 0, (size_t)(last - first));
                    bits[word] = 0;
                }
    } else {
        for (int at = 0; at < self->legal[env]; at++) {
            mask[actions[at]] = 0; /* the last mask's entries: far fewer than the actions */
            bits[actions[at] >> 6] = 0;
        }
    }
    int seat = game->first_to_move(position);
    if (seat < 0) {
        if (rules)
            memset(mask, 0, (size_t)self->action_count);
        /* The seats a game lacks stay zero: only what the encoder may write is cleared. */
        memset(observation, 0, (size_t)self->written * sizeof *observation);
        self->legal[env] = 0;
        return;
    }
    if (game->encode_cached != NULL) {
        game->encode_cached(self, position, seat, observation, self->caches + (size_t)env * game->cache_size,
                            self->fresh[env]);
        self->fresh[env] = 0;
    } else {
        memset(observation, 0, (size_t)self->written * sizeof *observation);
        game->encode(self, position, seat, observation);
    }
    int count;
    if (game->legal_actions != NULL) {
        count = game->legal_actions(self, position, mask, rules ? NULL : bits);
    } else {
        count = game->codes(position, codes);
        for (int at = 0; at < count; at++) {
            actions[at] = game->action_of(self, position, codes[at]);
            mask[actions[at]] = 1;
            bits[actions[at] >> 6] |= 1ull << (actions[at] & 63);
        }
    }
    self->legal[env] = count;
}

void vector_new_game(VectorCore *self, int env) {
    memcpy(vector_position(self, env), self->start, self->game->position_size);
    int64_t seed = (int64_t)(splitmix(&self->streams[env]) >> 1);
    self->game_seeds[env] = seed;
    ((int64_t *)view(self, V_SEEDS))[env] = seed;
    self->fresh[env] = 1;
}

int vector_start_game(VectorCore *self, int env) {
    vector_new_game(self, env);
    ChanceSeed chance = {NULL, NULL, self->game_seeds[env]};
    if (self->game->resolve(self->core, vector_position(self, env), &chance) < 0)
        return -1;
    vector_observe(self, env);
    return 0;
}

/* Refuse to touch the games while another thread steps them; 0 or -1. */
int vector_not_stepping(VectorCore *self) {
    if (!self->stepping)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "the vector environment is being stepped by another thread");
    return -1;
}

/* The games' seed streams from reset's argument: a base number that decides every stream, or a
   sequence of num_envs stream states, one a game, so that each game's seeds depend on its own alone. */
static int set_streams(VectorCore *self, PyObject *seed_object) {
    if (PyLong_Check(seed_object)) {
        uint64_t base = PyLong_AsUnsignedLongLongMask(seed_object);
        if (base == (uint64_t)-1 && PyErr_Occurred())
            return -1;
        for (int env = 0; env < self->num_envs; env++)
            self->streams[env] = splitmix(&base);
        return 0;
    }
    PyObject *states = PySequence_Fast(seed_object, "reset(seed): a number or a sequence of stream states");
    if (!states)
        return -1;
    if (PySequence_Fast_GET_SIZE(states) != self->num_envs) {
        PyErr_Format(PyExc_ValueError, "reset(seed): one stream state a game, %d, not %zd", self->num_envs,
                     PySequence_Fast_GET_SIZE(states));
        Py_DECREF(states);
        return -1;
    }
    for (int env = 0; env < self->num_envs; env++) {
        uint64_t state = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(states, env));
        if (state == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(states);
            return -1;
        }
        self->streams[env] = state;
    }
    Py_DECREF(states);
    return 0;
}

static PyObject *VectorCore_reset(VectorCore *self, PyObject *seed_object) {
    if (vector_not_stepping(self) < 0)
        return NULL;
    if (set_streams(self, seed_object) < 0)
        return NULL;
    memset(view(self, V_REWARDS), 0, (size_t)self->views[V_REWARDS].len);
    memset(view(self, V_SEATS), 0, (size_t)self->views[V_SEATS].len);
    memset(view(self, V_TERMINATED), 0, (size_t)self->views[V_TERMINATED].len);
    memset(view(self, V_SCORES), 0, (size_t)self->views[V_SCORES].len);
    memset(view(self, V_MOVER_REWARDS), 0, (size_t)self->views[V_MOVER_REWARDS].len);
    memset(view(self, V_MASKS), 0, (size_t)self->views[V_MASKS].len);
    memset(self->legal, 0, (size_t)self->num_envs * sizeof *self->legal);
    self->ended_count = 0;
    memset(self->legal_bits, 0, (size_t)self->num_envs * self->legal_words * sizeof *self->legal_bits);
    for (int env = 0; env < self->num_envs; env++)
        if (vector_start_game(self, env) < 0)
            return NULL;
    Py_RETURN_NONE;
}

/* Whether `action` is legal in game `env` (with the game's legal_code: its move, kept for the step). */
static int is_legal(VectorCore *self, int env, int64_t action) {
    if (action < 0 || action >= self->action_count)
        return 0;
    if (self->rules_check)
        return (self->chosen[env] = self->game->legal_code(vector_position(self, env), action)) != UINT32_MAX;
    const uint64_t *bits = self->legal_bits + (size_t)env * self->legal_words;
    return bits[action >> 6] >> (action & 63) & 1;
}

/* The games the last step ended, in order, as a tuple of their indices (empty, shared, when none did). */
static PyObject *ended_games(VectorCore *self) {
    PyObject *ended = PyTuple_New(self->ended_count);
    for (int at = 0; ended != NULL && at < self->ended_count; at++) {
        PyObject *index = PyLong_FromLong(self->ended[at]);
        if (index == NULL)
            Py_CLEAR(ended);
        else
            PyTuple_SET_ITEM(ended, at, index);
    }
    return ended;
}

/* Whether a buffer is what step takes as it is: one int64 a game, in a row (numpy's int64 is 'l' or 'q',
 * in the machine's order; the item size rules out a 4-byte 'l'). */
static int one_int64_a_game(const VectorCore *self, const Py_buffer *actions) {
    const char *format = actions->format;
    if (actions->ndim != 1 || actions->shape[0] != self->num_envs || actions->itemsize != sizeof(int64_t) ||
        format == NULL)
        return 0;
    if (format[0] == '@' || format[0] == '=')
        format++;
    return (format[0] == 'l' || format[0] == 'q') && format[1] == '\0';
}

static PyObject *step_with(VectorCore *self, Py_buffer *actions);

/* step(actions): one move in every game, for its seat to move (actions: int64, one a game).  Every
 * action is checked before any is played: a wrong one is a ValueError naming its game. */
static PyObject *VectorCore_step(VectorCore *self, PyObject *actions_object) {
    Py_buffer actions;
    if (PyObject_GetBuffer(actions_object, &actions, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (actions.len != (Py_ssize_t)sizeof(int64_t) * self->num_envs || actions.itemsize != sizeof(int64_t)) {
        PyBuffer_Release(&actions);
        PyErr_Format(PyExc_ValueError, "one action (int64) for each of the %d games", self->num_envs);
        return NULL;
    }
    return step_with(self, &actions);
}

/* step_as_is(actions): step where `actions` is a C-contiguous int64 array of one action a game (numpy's
 * own argmax or draw, passed as it is: no checks in Python); None, nothing played, for anything else
 * (for the caller to check and convert).  The games that ended, as step. */
static PyObject *VectorCore_step_as_is(VectorCore *self, PyObject *actions_object) {
    Py_buffer actions;
    if (PyObject_GetBuffer(actions_object, &actions, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (!one_int64_a_game(self, &actions)) {
        PyBuffer_Release(&actions);
        Py_RETURN_NONE;
    }
    return step_with(self, &actions);
}

/* Check and play `actions` (released here). */
static PyObject *step_with(VectorCore *self, Py_buffer *actions) {
    const int64_t *chosen = actions->buf;
    for (int env = 0; env < self->num_envs; env++)
        if (!is_legal(self, env, chosen[env])) {
            PyErr_Format(PyExc_ValueError, "game %d: action %lld is not legal there (%d legal; use the action mask)",
                         env, (long long)chosen[env], self->legal[env]);
            PyBuffer_Release(actions);
            return NULL;
        }
    if (vector_not_stepping(self) < 0) {
        PyBuffer_Release(actions);
        return NULL;
    }
    /* The games are stepped without the GIL (errors inside take it for the moment they need it). */
    self->stepping = 1;
    int status;
    Py_BEGIN_ALLOW_THREADS status = vector_step_games(self, chosen);
    Py_END_ALLOW_THREADS self->stepping = 0;
    PyBuffer_Release(actions);
    if (status < 0)
        return NULL;
    return ended_games(self);
}

static int hold_views(VectorCore *self, PyObject *arrays) {
    Py_ssize_t n = self->num_envs, p = self->players;
    const Py_ssize_t sizes[V_COUNT] = {
        n * self->observation_size * 4, n * self->action_count, n * p * 4, n, n, n * p * 4, n * 8, n * 4};
    if (!PyTuple_Check(arrays) || PyTuple_GET_SIZE(arrays) != V_COUNT) {
        PyErr_SetString(PyExc_TypeError, "VectorCore arrays: (observations, masks, rewards, seats, terminated, "
                                         "scores, seeds, the movers' rewards)");
        return -1;
    }
    for (int which = 0; which < V_COUNT; which++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(arrays, which), &self->views[which],
                               PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
            return -1;
        self->views_held = which + 1;
        if (self->views[which].len != sizes[which]) {
            PyErr_Format(PyExc_ValueError, "VectorCore array %d: %zd bytes, not %zd", which, self->views[which].len,
                         sizes[which]);
            return -1;
        }
    }
    return 0;
}

/* The optional arrays of the finished games' info: seats (int8), rewards and scores by seat (float32,
 * int32) and seeds (int64), one entry a game. */
static int hold_final_views(VectorCore *self, PyObject *arrays) {
    Py_ssize_t n = self->num_envs, p = self->players;
    const Py_ssize_t sizes[4] = {n, n * p * 4, n * p * 4, n * 8};
    if (!PyTuple_Check(arrays) || PyTuple_GET_SIZE(arrays) != 4) {
        PyErr_SetString(PyExc_TypeError, "VectorCore final arrays: (seats, rewards, scores, seeds)");
        return -1;
    }
    for (int which = 0; which < 4; which++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(arrays, which), &self->final_views[which],
                               PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
            return -1;
        self->finals_held = which + 1;
        if (self->final_views[which].len != sizes[which]) {
            PyErr_Format(PyExc_ValueError, "VectorCore final array %d: %zd bytes, not %zd", which,
                         self->final_views[which].len, sizes[which]);
            return -1;
        }
    }
    return 0;
}

static void VectorCore_dealloc(VectorCore *self) {
    for (int which = 0; which < self->views_held; which++)
        PyBuffer_Release(&self->views[which]);
    for (int which = 0; which < self->finals_held; which++)
        PyBuffer_Release(&self->final_views[which]);
    PyMem_Free(self->ended);
    PyMem_Free(self->ended_seats);
    Py_XDECREF(self->core);
    PyMem_Free(self->start);
    PyMem_Free(self->positions);
    PyMem_Free(self->finals);
    PyMem_Free(self->streams);
    PyMem_Free(self->game_seeds);
    PyMem_Free(self->codes);
    PyMem_Free(self->actions);
    PyMem_Free(self->legal);
    PyMem_Free(self->legal_bits);
    PyMem_Free(self->caches);
    PyMem_Free(self->fresh);
    PyMem_Free(self->chosen);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *VectorCore_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *start, *arrays, *extra, *final_arrays = NULL;
    int num_envs, win_rewards, shaped, observation_size, action_count;
    if (!PyArg_ParseTuple(args, "OippOOii|O", &start, &num_envs, &win_rewards, &shaped, &arrays, &extra,
                          &observation_size, &action_count, &final_arrays))
        return NULL;
    const VectorGame *game;
    const void *position;
    int players, phase_is_chance;
    const Family *family = core_family(start);
    if (family == NULL || family->vector == NULL) {
        PyErr_SetString(PyExc_TypeError, "VectorCore starts from a core (mozaika._native.Core) of a game it knows");
        return NULL;
    }
    game = family->vector, position = CORE_POSITION(start);
    players = ((const uint8_t *)position)[family->players_at];
    phase_is_chance = ((const uint8_t *)position)[family->phase_at] == family->chance_phase;
    if (!phase_is_chance || num_envs < 1 || num_envs > (1 << 20)) {
        PyErr_SetString(PyExc_ValueError, "VectorCore: a new game before its first deal, and 1 to 2**20 games");
        return NULL;
    }
    VectorCore *self = (VectorCore *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->game = game;
    if (game->prepare)
        game->prepare();
    self->core = start;
    Py_INCREF(start);
    self->num_envs = num_envs;
    self->players = players;
    self->win_rewards = win_rewards;
    self->shaped = shaped;
    self->extended = observation_size != game->observation_size;
    self->observation_size = observation_size;
    self->action_count = action_count;
    if ((observation_size != game->observation_size &&
         observation_size != game->observation_size + game->extras_size) ||
        (action_count != game->action_count && action_count != game->action_count + game->extra_actions)) {
        PyErr_SetString(PyExc_ValueError, "VectorCore: not this game's observation size or action count");
        goto failed;
    }
    if (!PyTuple_Check(extra) || PyTuple_GET_SIZE(extra) > 2) {
        PyErr_SetString(PyExc_TypeError, "VectorCore extra actions: a tuple of at most two tuples");
        goto failed;
    }
    for (Py_ssize_t table = 0; table < PyTuple_GET_SIZE(extra); table++) {
        PyObject *entries = PyTuple_GET_ITEM(extra, table);
        if (!PyTuple_Check(entries) || PyTuple_GET_SIZE(entries) > 256) {
            PyErr_SetString(PyExc_TypeError, "VectorCore extra actions: tuples of at most 256 action indices");
            goto failed;
        }
        for (Py_ssize_t at = 0; at < PyTuple_GET_SIZE(entries); at++) {
            long action = PyLong_AsLong(PyTuple_GET_ITEM(entries, at));
            if (action < 0 || action >= self->action_count) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "VectorCore extra actions: outside the action space");
                goto failed;
            }
            self->extra_actions[table][at] = (int)action;
        }
    }
    size_t n = (size_t)num_envs, most = (size_t)game->most_moves;
    self->start = PyMem_Malloc(game->position_size);
    self->positions = PyMem_Calloc(n, game->position_size);
    self->finals = PyMem_Calloc(n, game->position_size);
    self->streams = PyMem_Calloc(n, sizeof *self->streams);
    self->game_seeds = PyMem_Calloc(n, sizeof *self->game_seeds);
    self->codes = PyMem_Calloc(n * most, sizeof *self->codes);
    self->actions = PyMem_Calloc(n * most, sizeof *self->actions);
    self->legal = PyMem_Calloc(n, sizeof *self->legal);
    self->legal_words = (action_count + 63) / 64;
    self->rules_check = game->legal_code != NULL && game->legal_actions != NULL && action_count <= 1024;
    self->legal_bits = PyMem_Calloc(n * (size_t)self->legal_words, sizeof *self->legal_bits);
    self->caches = PyMem_Calloc(n, game->cache_size ? game->cache_size : 1);
    self->fresh = PyMem_Calloc(n, 1);
    self->chosen = PyMem_Calloc(n, sizeof *self->chosen);
    self->ended = PyMem_Calloc(n, sizeof *self->ended);
    self->ended_seats = PyMem_Calloc(n, sizeof *self->ended_seats);
    if (!self->start || !self->positions || !self->finals || !self->streams || !self->game_seeds || !self->codes ||
        !self->actions || !self->legal || !self->legal_bits || !self->caches || !self->fresh || !self->chosen ||
        !self->ended || !self->ended_seats) {
        PyErr_NoMemory();
        goto failed;
    }
    memcpy(self->start, position, game->position_size);
    if (hold_views(self, arrays) < 0)
        goto failed;
    if (final_arrays != NULL && final_arrays != Py_None && hold_final_views(self, final_arrays) < 0)
        goto failed;
    self->written = self->extended ? self->observation_size : game->written(players);
    return (PyObject *)self;
failed:
    Py_DECREF(self);
    return NULL;
}

static PyObject *get_observation_size(VectorCore *self, void *c) { return PyLong_FromLong(self->observation_size); }
static PyObject *get_action_count(VectorCore *self, void *c) { return PyLong_FromLong(self->action_count); }

static PyGetSetDef VectorCore_getset[] = {
    {"observation_size", (getter)get_observation_size, NULL, NULL, NULL},
    {"action_count", (getter)get_action_count, NULL, NULL, NULL},
    {NULL},
};

static PyMethodDef VectorCore_methods[] = {
    {"reset", (PyCFunction)VectorCore_reset, METH_O,
     "Start every game anew; reset(seed): a base number, or one stream state a game."},
    {"step", (PyCFunction)VectorCore_step, METH_O,
     "One move in every game: step(actions, int64); the games that ended (and started anew), a tuple."},
    {"step_as_is", (PyCFunction)VectorCore_step_as_is, METH_O,
     "step(actions) where actions are a C-contiguous int64 array of one a game, else None (nothing played)."},
    {"position", (PyCFunction)VectorCore_position, METH_O, "A core holding one game's position: position(index)."},
    {"encode_final", (PyCFunction)VectorCore_encode_final, METH_VARARGS,
     "Write the observation of the position a game last ended in: encode_final(index, seat, out)."},
    {"encode_finals", (PyCFunction)VectorCore_encode_finals, METH_O,
     "Write the terminal observations of the games the last step ended, in order: encode_finals(out)."},
    {"streams", (PyCFunction)VectorCore_streams, METH_NOARGS, "Each game's seed stream state, as a list."},
    {NULL},
};

PyTypeObject VectorCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mozaika._native.VectorCore",
    .tp_doc = "Many games of one kind, stepped together (mozaika.rl.vector).",
    .tp_basicsize = sizeof(VectorCore),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = VectorCore_new,
    .tp_dealloc = (destructor)VectorCore_dealloc,
    .tp_methods = VectorCore_methods,
    .tp_getset = VectorCore_getset,
};
