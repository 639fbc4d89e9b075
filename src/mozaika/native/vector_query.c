/* VectorCore's questions about its games (vector.h): a game's position, the terminal observations of
 * the games that ended, and the seed streams (what a pickled environment goes on with). */
#include "vector.h"

#include "core.h"

/* position(env) -> a core holding game `env`'s position (a copy), for a state of the game to adopt. */
PyObject *VectorCore_position(VectorCore *self, PyObject *env_object) {
    if (vector_not_stepping(self) < 0)
        return NULL;
    long env = PyLong_AsLong(env_object);
    if (env == -1 && PyErr_Occurred())
        return NULL;
    if (env < 0 || env >= self->num_envs) {
        PyErr_Format(PyExc_IndexError, "there are %d games, numbered from 0", self->num_envs);
        return NULL;
    }
    PyObject *copy = PyObject_CallMethod(self->core, "copy", NULL);
    if (copy == NULL)
        return NULL;
    memcpy(CORE_POSITION(copy), vector_position(self, (int)env), self->game->position_size);
    return copy;
}

/* encode_final(env, seat, out): the observation of the position game `env` last ended in, as `seat`
 * sees it, written into `out` (a writable buffer of the environment's observation size, float32). */
PyObject *VectorCore_encode_final(VectorCore *self, PyObject *args) {
    int env, seat;
    Py_buffer out;
    if (!PyArg_ParseTuple(args, "iiw*:encode_final", &env, &seat, &out))
        return NULL;
    PyObject *result = NULL;
    if (vector_not_stepping(self) < 0)
        goto done;
    if (env < 0 || env >= self->num_envs || seat < 0 || seat >= self->players) {
        PyErr_Format(PyExc_IndexError, "encode_final: %d games and %d seats, numbered from 0", self->num_envs,
                     self->players);
        goto done;
    }
    if (out.len != (Py_ssize_t)self->observation_size * (Py_ssize_t)sizeof(float)) {
        PyErr_Format(PyExc_ValueError, "encode_final: room for %d float32 observations", self->observation_size);
        goto done;
    }
    memset(out.buf, 0, (size_t)out.len);
    self->game->encode(self, self->finals + (size_t)env * self->game->position_size, seat, out.buf);
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&out);
    return result;
}

/* encode_finals(out): the terminal observations of the games the last step ended (in the order of the
 * games), each as the seat that moved sees it, written into the first rows of `out` (a writable float32
 * buffer of at least that many observations): one call for all of a step's finished games. */
PyObject *VectorCore_encode_finals(VectorCore *self, PyObject *out_object) {
    Py_buffer out;
    if (PyObject_GetBuffer(out_object, &out, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    PyObject *result = NULL;
    if (vector_not_stepping(self) < 0)
        goto done;
    size_t size = (size_t)self->observation_size;
    if (out.len < (Py_ssize_t)(self->ended_count * size * sizeof(float))) {
        PyErr_Format(PyExc_ValueError, "encode_finals: room for %d float32 observations of %d (at least)",
                     self->ended_count, self->observation_size);
        goto done;
    }
    for (int at = 0; at < self->ended_count; at++) {
        /* Row by row, what the encoder writes and the padding after it: small clears, not one long one. */
        float *row = (float *)out.buf + at * size;
        memset(row, 0, (size_t)self->written * sizeof *row);
        memset(row + self->written, 0, (size - (size_t)self->written) * sizeof *row);
        self->game->encode(self, self->finals + (size_t)self->ended[at] * self->game->position_size,
                           self->ended_seats[at], row);
    }
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&out);
    return result;
}

/* streams() -> each game's seed stream state (the stream the next games' seeds come from). */
PyObject *VectorCore_streams(VectorCore *self, PyObject *unused) {
    if (vector_not_stepping(self) < 0)
        return NULL;
    PyObject *states = PyList_New(self->num_envs);
    if (states == NULL)
        return NULL;
    for (int env = 0; env < self->num_envs; env++) {
        PyObject *state = PyLong_FromUnsignedLongLong(self->streams[env]);
        if (state == NULL) {
            Py_DECREF(states);
            return NULL;
        }
        PyList_SET_ITEM(states, env, state);
    }
    return states;
}
