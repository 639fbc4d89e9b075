/* The search as the cores offer it to Python (search.h: search_method). */
#include "search.h"

#include <math.h>

static int read_double(PyObject *options, int at, double *value, int may_be_none) {
    PyObject *item = PyTuple_GET_ITEM(options, at);
    if (may_be_none && item == Py_None) {
        *value = 0.0;
        return 0;
    }
    *value = PyFloat_AsDouble(item);
    if (*value == -1.0 && PyErr_Occurred())
        return -1;
    if (!isfinite(*value)) {
        PyErr_SetString(PyExc_ValueError, "the search's settings must be finite numbers");
        return -1;
    }
    return 0;
}

/* A value network's native form (mozaika.bots.network.ValueNetwork.native_form): (inputs, ((outputs,
 * weights, biases), ...)), its floats read in place (the options keep them alive for the search). */
static int read_network(const SearchGame *game, PyObject *form, Network *network) {
    const char *shape = "a value network for the search: (inputs, ((outputs, weights, biases), ...)) with "
                        "float32 bytes, at most 4 layers of at most 256 outputs, the last one per seat";
    PyObject *layers;
    if (!PyTuple_Check(form) || !PyArg_ParseTuple(form, "iO!", &network->inputs, &PyTuple_Type, &layers))
        goto wrong;
    const VectorGame *vector = game->vector;
    network->layers = (int)PyTuple_GET_SIZE(layers);
    network->extended =
        vector != NULL && network->inputs == vector->observation_size + vector->extras_size && vector->extras_size > 0;
    if (vector == NULL || (network->inputs != vector->observation_size && !network->extended)) {
        PyErr_SetString(PyExc_ValueError, "the value network does not read this game's observations");
        return -1;
    }
    if (network->layers < 1 || network->layers > NETWORK_MOST_LAYERS)
        goto wrong;
    int inputs = network->inputs;
    for (int at = 0; at < network->layers; at++) {
        PyObject *layer = PyTuple_GET_ITEM(layers, at);
        int outputs;
        const char *weights, *biases;
        Py_ssize_t weights_size, biases_size;
        if (!PyTuple_Check(layer) ||
            !PyArg_ParseTuple(layer, "iy#y#", &outputs, &weights, &weights_size, &biases, &biases_size))
            goto wrong;
        if (outputs < 1 || outputs > NETWORK_MOST_WIDTH || weights_size != (Py_ssize_t)inputs * outputs * 4 ||
            biases_size != (Py_ssize_t)outputs * 4)
            goto wrong;
        network->outputs[at] = outputs;
        network->weights[at] = (const float *)weights;
        network->biases[at] = (const float *)biases;
        inputs = outputs;
    }
    if (inputs != game->players)
        goto wrong;
    return 0;
wrong:
    PyErr_Clear();
    PyErr_SetString(PyExc_ValueError, shape);
    return -1;
}

static int read_options(const SearchGame *game, PyObject *options, SearchOptions *read, Network *network) {
    Py_ssize_t size = PyTuple_GET_SIZE(options);
    if ((size != 9 && size != 11) || !PyCallable_Check(PyTuple_GET_ITEM(options, 8))) {
        PyErr_SetString(PyExc_TypeError, "search options: (exploration, widening, foresight, own_weight, margin, "
                                         "iterations or None, seconds or None, the budget's start, its clock"
                                         "[, network or None, rollout])");
        return -1;
    }
    read->network = NULL;
    read->rollout = 1;
    if (size == 11) {
        PyObject *form = PyTuple_GET_ITEM(options, 9);
        if (form != Py_None) {
            if (read_network(game, form, network) < 0)
                return -1;
            read->network = network;
        }
        read->rollout = PyObject_IsTrue(PyTuple_GET_ITEM(options, 10));
        if (read->rollout < 0)
            return -1;
    }
    if (read_double(options, 0, &read->exploration, 0) || read_double(options, 1, &read->widening, 0) ||
        read_double(options, 2, &read->foresight, 0) || read_double(options, 3, &read->own_weight, 0) ||
        read_double(options, 4, &read->margin, 0) || read_double(options, 6, &read->seconds, 1) ||
        read_double(options, 7, &read->start, 0))
        return -1;
    read->clock = PyTuple_GET_ITEM(options, 8);
    PyObject *iterations = PyTuple_GET_ITEM(options, 5);
    read->iterations = iterations == Py_None ? -1 : PyLong_AsLongLong(iterations);
    if (read->iterations == -1 && PyErr_Occurred())
        return -1;
    if ((iterations != Py_None && read->iterations < 1) || read->seconds < 0 || read->margin == 0.0) {
        PyErr_SetString(PyExc_ValueError, "a search needs at least one iteration, no negative time and a margin");
        return -1;
    }
    if (read->widening < 0) {
        PyErr_SetString(PyExc_ValueError, "a search's widening is 0 (none) or more");
        return -1;
    }
    return 0;
}

/* random.Random.getstate()[1]: the 624 words of the twister and its position. */
static int read_generator(PyObject *state, PyRandom *random) {
    if (PyTuple_GET_SIZE(state) != 625) {
        PyErr_SetString(PyExc_ValueError, "a generator's state: random.Random.getstate()[1]");
        return -1;
    }
    for (int at = 0; at < 625; at++) {
        unsigned long word = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(state, at));
        if (word == (unsigned long)-1 && PyErr_Occurred())
            return -1;
        if (word > 0xffffffffu || (at == 624 && word > 624)) {
            PyErr_SetString(PyExc_ValueError, "a generator's state: random.Random.getstate()[1]");
            return -1;
        }
        if (at < 624)
            random->state[at] = (uint32_t)word;
        else
            random->index = (int)word;
    }
    random->twisted = 624; /* CPython's state, twisted whole */
    return 0;
}

static PyObject *generator_tuple(const PyRandom *random) {
    PyObject *state = PyTuple_New(625);
    if (state == NULL)
        return NULL;
    for (int at = 0; at < 625; at++) {
        PyObject *word = PyLong_FromUnsignedLong(at < 624 ? random->state[at] : (unsigned long)random->index);
        if (word == NULL) {
            Py_DECREF(state);
            return NULL;
        }
        PyTuple_SET_ITEM(state, at, word);
    }
    return state;
}

/* The codes of the shortlist's moves, found among the root's legal moves: how many, or -1 with an
 * error set, or -2 for a move that is not among them (the Python search judges it). */
static int shortlist_codes(const SearchGame *game, const void *root, int seat, PyObject *shortlist,
                           PyObject *(*code_to_move)(PyObject *core, MoveCode code), MoveCode *codes) {
    MoveCode *legal = PyMem_Malloc((size_t)game->most_moves * sizeof *legal);
    if (legal == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int count = game->legal(game, root, seat, legal), status = 0;
    PyObject *moves = PyList_New(count);
    for (int at = 0; moves != NULL && at < count; at++) {
        PyObject *move = code_to_move(game->core, legal[at]);
        if (move == NULL) {
            Py_CLEAR(moves);
            break;
        }
        PyList_SET_ITEM(moves, at, move);
    }
    if (moves == NULL) {
        PyMem_Free(legal);
        return -1;
    }
    Py_ssize_t wanted = PyList_GET_SIZE(shortlist);
    for (Py_ssize_t item = 0; item < wanted && status == 0; item++) {
        PyObject *move = PyList_GET_ITEM(shortlist, item);
        int found = -1;
        for (int at = 0; at < count && found < 0; at++)
            if (PyList_GET_ITEM(moves, at) == move)
                found = at;
        for (int at = 0; at < count && found < 0; at++) {
            int equal = PyObject_RichCompareBool(PyList_GET_ITEM(moves, at), move, Py_EQ);
            if (equal < 0)
                status = -1;
            if (equal)
                found = at;
        }
        if (status == 0 && found < 0)
            status = -2;
        if (found >= 0)
            codes[item] = legal[found];
    }
    Py_DECREF(moves);
    PyMem_Free(legal);
    return status < 0 ? status : (int)wanted;
}

/* The family's encoder tables filled once, with the GIL held, before a search without it reads them. */
static void prepare_observations(const VectorGame *vector) {
    static const VectorGame *prepared[8];
    for (int at = 0; at < 8; at++) {
        if (prepared[at] == vector)
            return;
        if (prepared[at] == NULL) {
            if (vector->prepare)
                vector->prepare();
            prepared[at] = vector;
            return;
        }
    }
    if (vector->prepare) /* more families than places: prepared again, which writes the same values */
        vector->prepare();
}

PyObject *search_method(const SearchGame *game, const void *root, PyObject *args,
                        PyObject *(*code_to_move)(PyObject *core, MoveCode code)) {
    PyObject *shortlist, *generator, *options_tuple;
    int seat;
    if (!PyArg_ParseTuple(args, "O!iO!O!", &PyList_Type, &shortlist, &seat, &PyTuple_Type, &generator, &PyTuple_Type,
                          &options_tuple))
        return NULL;
    SearchOptions options;
    Network network;
    PyRandom random;
    if (read_options(game, options_tuple, &options, &network) < 0 || read_generator(generator, &random) < 0)
        return NULL;
    if (options.network != NULL)
        prepare_observations(game->vector);
    Py_ssize_t wanted = PyList_GET_SIZE(shortlist);
    if (seat < 0 || seat >= game->players || game->is_over(root) || game->first_to_move(root) < 0 || wanted == 0 ||
        wanted > game->most_moves)
        Py_RETURN_NONE;
    MoveCode *codes = PyMem_Malloc((size_t)wanted * sizeof *codes);
    if (codes == NULL)
        return PyErr_NoMemory();
    int count = shortlist_codes(game, root, seat, shortlist, code_to_move, codes);
    if (count < 0) {
        PyMem_Free(codes);
        if (count == -2)
            Py_RETURN_NONE;
        return NULL;
    }
    /* The search runs without the GIL, on its own copy of the root (another thread may play on the core
     * meanwhile), so that threads search at once; it takes the GIL only to read a time budget's clock. */
    void *own_root = PyMem_Malloc(game->position_size);
    if (own_root == NULL) {
        PyMem_Free(codes);
        return PyErr_NoMemory();
    }
    memcpy(own_root, root, game->position_size);
    SearchResult result;
    int status;
    Py_BEGIN_ALLOW_THREADS status = run_search(game, own_root, seat, codes, count, &options, &random, &result);
    Py_END_ALLOW_THREADS PyMem_Free(own_root);
    PyMem_Free(codes);
    if (status == -2)
        Py_RETURN_NONE;
    if (status < 0)
        return NULL;
    PyObject *children = PyList_New(result.count);
    for (int at = 0; children != NULL && at < result.count; at++) {
        const RootChild *child = &result.children[at];
        PyObject *points = PyTuple_New(game->players);
        PyObject *move = code_to_move(game->core, child->code);
        PyObject *entry = NULL;
        if (points != NULL && move != NULL) {
            int failed = 0;
            for (int who = 0; who < game->players && !failed; who++) {
                PyObject *number = PyFloat_FromDouble(child->points[who]);
                failed = number == NULL;
                if (number)
                    PyTuple_SET_ITEM(points, who, number);
            }
            if (!failed)
                entry = Py_BuildValue("(OLdO)", move, (long long)child->visits, child->value, points);
        }
        Py_XDECREF(points);
        Py_XDECREF(move);
        if (entry == NULL) {
            Py_CLEAR(children);
            break;
        }
        PyList_SET_ITEM(children, at, entry);
    }
    PyMem_RawFree(result.children);
    PyObject *state = children ? generator_tuple(&random) : NULL;
    if (state == NULL) {
        Py_XDECREF(children);
        return NULL;
    }
    return Py_BuildValue("(NLN)", children, (long long)result.iterations, state);
}
