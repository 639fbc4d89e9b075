/* The Python type Steps and the records that make them (steps.h). */
#include "steps.h"

#include <stddef.h>

typedef struct {
    PyObject_VAR_HEAD PyObject *tables;
    PyObject *made; /* the steps' objects once read (a tuple), or NULL */
    StepReader reader;
    uint32_t words[1];
} StepsObject;

void record_open(StepRecord *record) {
    record->words = record->inline_words;
    record->count = 0;
    record->capacity = RECORD_INLINE;
    record->failed = 0;
}

void record_close(StepRecord *record) {
    if (record->words != record->inline_words)
        PyMem_RawFree(record->words);
    record->words = record->inline_words;
}

PyObject *record_finish(StepRecord *record, PyObject *tables, StepReader reader) {
    if (record->failed) {
        record_close(record);
        return PyErr_NoMemory();
    }
    if (record->count == 0) {
        record_close(record);
        Py_RETURN_NONE;
    }
    StepsObject *steps = PyObject_NewVar(StepsObject, &StepsType, record->count);
    if (steps == NULL) {
        record_close(record);
        return NULL;
    }
    memcpy(steps->words, record->words, (size_t)record->count * sizeof(uint32_t));
    Py_INCREF(tables);
    steps->tables = tables;
    steps->made = NULL;
    steps->reader = reader;
    record_close(record);
    return (PyObject *)steps;
}

static void Steps_dealloc(StepsObject *self) {
    Py_XDECREF(self->tables);
    Py_XDECREF(self->made);
    PyObject_Free(self);
}

/* The steps' objects, made once. */
static PyObject *steps_made(StepsObject *self) {
    if (self->made != NULL)
        return self->made;
    PyObject *list = PyList_New(0);
    if (list == NULL)
        return NULL;
    Py_ssize_t count = Py_SIZE(self), at = 0;
    while (at < count) {
        PyObject *step = self->reader(self->tables, self->words, count, &at);
        if (step == NULL || PyList_Append(list, step) < 0) {
            Py_XDECREF(step);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(step);
    }
    self->made = PyList_AsTuple(list);
    Py_DECREF(list);
    return self->made;
}

/* steps() -> the steps in the order played, as the Python engine's objects (a new list). */
static PyObject *Steps_steps(StepsObject *self, PyObject *unused) {
    PyObject *made = steps_made(self);
    return made == NULL ? NULL : PySequence_List(made);
}

static PyMethodDef Steps_methods[] = {
    {"steps", (PyCFunction)Steps_steps, METH_NOARGS, "The steps in the order played, as Python objects."},
    {NULL},
};

PyTypeObject StepsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mozaika._native.Steps",
    .tp_doc = "Steps the native core recorded (a playout's, a resolved chance's), made into objects when read.",
    .tp_basicsize = offsetof(StepsObject, words),
    .tp_itemsize = sizeof(uint32_t),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Steps_dealloc,
    .tp_methods = Steps_methods,
};
