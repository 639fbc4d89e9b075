/* mozaika._native: the native core of the rules engines (see docs/engine.md). */
#include "core.h"
#include "keccak.h"
#include "pavilion.h"
#include "pyrandom.h"
#include "vector.h"
#include "wall.h"

/* The families of boards the core plays (core.h): a new board's table is added here. */
const Family *const FAMILIES[] = {&WALL_FAMILY, &PAVILION_FAMILY, NULL};

/* python_random(seed, n, k, bits[, skip]) -> (random.Random(seed).sample(range(n), k), then `skip` calls
 * of .getrandbits(32) dropped, then .getrandbits(bits)), drawn by the core's port of random.Random
 * (pyrandom.c), for the tests that hold it to Python's (`skip` takes the draws past the words a fresh
 * twister twists one at a time, and past its first block). */
static PyObject *python_random(PyObject *module, PyObject *args) {
    (void)module;
    unsigned long long seed;
    int n, k, bits, skip = 0;
    if (!PyArg_ParseTuple(args, "Kiii|i", &seed, &n, &k, &bits, &skip))
        return NULL;
    if (n < 0 || n > 21 || k < 0 || k > n || bits < 1 || bits > 32 * ENTROPY_LIMBS || skip < 0 || skip > 100000) {
        PyErr_SetString(PyExc_ValueError, "0 <= k <= n <= 21, 1 <= bits <= 384 and 0 <= skip <= 100000");
        return NULL;
    }
    PyRandom random;
    pyrandom_seed(&random, seed);
    int population[21], chosen[21];
    for (int at = 0; at < n; at++)
        population[at] = at;
    pyrandom_sample(&random, population, n, k, chosen);
    for (int at = 0; at < skip; at++)
        pyrandom_bits(&random, 32);
    uint32_t limbs[ENTROPY_LIMBS];
    int limb_count;
    pyrandom_limbs(&random, bits, limbs, &limb_count);
    PyObject *sample = PyList_New(k);
    if (sample == NULL)
        return NULL;
    for (int at = 0; at < k; at++)
        PyList_SET_ITEM(sample, at, PyLong_FromLong(chosen[at]));
    unsigned char bytes[4 * ENTROPY_LIMBS];
    for (int at = 0; at < 4 * limb_count; at++)
        bytes[at] = (unsigned char)(limbs[at / 4] >> (8 * (at % 4)));
    PyObject *number = _PyLong_FromByteArray(bytes, (size_t)(4 * limb_count), 1, 0);
    return number == NULL ? (Py_DECREF(sample), NULL) : Py_BuildValue("(NN)", sample, number);
}

/* shake256_digests(messages, size): [hashlib.shake_256(m).digest(size) for m in messages], hashed by the core
 * four at a time as the vector environment hashes its games' chance events (shake256_lanes_x4), for the tests
 * that hold it to hashlib. */
static PyObject *shake256_digests(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *sequence;
    int size;
    if (!PyArg_ParseTuple(args, "Oi", &sequence, &size))
        return NULL;
    if (size < 1 || size > SHAKE256_RATE) {
        PyErr_Format(PyExc_ValueError, "1 <= size <= %d", SHAKE256_RATE);
        return NULL;
    }
    PyObject *messages = PySequence_Fast(sequence, "shake256_digests: a sequence of bytes");
    if (messages == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(messages);
    PyObject *digests = PyList_New(count);
    for (Py_ssize_t first = 0; digests != NULL && first < count; first += 4) {
        int batch = count - first < 4 ? (int)(count - first) : 4;
        const unsigned char *texts[4];
        size_t lengths[4];
        for (int which = 0; which < batch; which++) {
            PyObject *message = PySequence_Fast_GET_ITEM(messages, first + which);
            if (!PyBytes_Check(message) || PyBytes_GET_SIZE(message) >= SHAKE256_RATE) {
                PyErr_Format(PyBytes_Check(message) ? PyExc_ValueError : PyExc_TypeError,
                             "shake256_digests: messages are bytes shorter than %d", SHAKE256_RATE);
                Py_CLEAR(digests);
                break;
            }
            texts[which] = (const unsigned char *)PyBytes_AS_STRING(message);
            lengths[which] = (size_t)PyBytes_GET_SIZE(message);
        }
        if (digests == NULL)
            break;
        uint64_t lanes[4][SHAKE256_RATE / 8];
        shake256_lanes_x4(lanes, texts, lengths, batch, (size_t)size);
        for (int which = 0; which < batch && digests != NULL; which++) {
            unsigned char bytes[SHAKE256_RATE];
            for (int at = 0; at < size; at++)
                bytes[at] = (unsigned char)(lanes[which][at / 8] >> 8 * (at % 8));
            PyObject *digest = PyBytes_FromStringAndSize((const char *)bytes, size);
            if (digest == NULL)
                Py_CLEAR(digests);
            else
                PyList_SET_ITEM(digests, first + which, digest);
        }
    }
    Py_DECREF(messages);
    return digests;
}

static PyMethodDef native_functions[] = {
    {"python_random", python_random, METH_VARARGS,
     "python_random(seed, n, k, bits[, skip]): random.Random(seed).sample(range(n), k), skip getrandbits(32), "
     "then getrandbits(bits), "
     "as the core draws them."},
    {"shake256_digests", shake256_digests, METH_VARARGS,
     "shake256_digests(messages, size): each message's hashlib.shake_256 digest of `size` bytes, hashed four at a "
     "time as the vector environment's chance events are."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "mozaika._native",
    .m_doc = "The native core of Mozaika's rules engines, held to the Python engines (docs/engine.md).",
    .m_size = -1,
    .m_methods = native_functions,
};

static int add_type(PyObject *module, const char *name, PyTypeObject *type) {
    Py_INCREF(type);
    if (PyModule_AddObject(module, name, (PyObject *)type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__native(void) {
    keccak_init();
    pyrandom_init();
    if (PyType_Ready(&VectorCoreType) < 0 || PyType_Ready(&StepsType) < 0 || wall_init_strings() < 0 ||
        pavilion_init() < 0 || draws_init() < 0)
        return NULL;
    PyObject *module = PyModule_Create(&native_module);
    if (module == NULL)
        return NULL;
    if (core_init(module) < 0 || add_type(module, "VectorCore", &VectorCoreType) < 0 ||
        add_type(module, "Steps", &StepsType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
