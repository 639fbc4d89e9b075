/* A run of steps recorded compactly by the core (a playout's, a resolved chance's), and the Python
 * object that holds it in a game's history: mozaika._native.Steps, read as the list of the steps'
 * Python objects (moves and chance outcomes) only when the history is read (State.history).
 *
 * A step is one or more 32-bit words; the family that recorded it reads it back (StepReader):
 * each family's words name its moves by their index in its tables and its outcomes by their
 * tiles.  Recording makes no Python call, so a playout may record without the GIL.
 */
#ifndef MOZAIKA_STEPS_H
#define MOZAIKA_STEPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define STEP_TAG(word) ((word) >> 28)
#define STEP_VALUE(word) ((word)&0x0fffffffu)
#define STEP_WORD(tag, value) ((uint32_t)(tag) << 28 | (uint32_t)(value))

/* Reads the step at words[*at] (advancing *at past it): its Python object, a new reference. */
typedef PyObject *(*StepReader)(PyObject *tables, const uint32_t *words, Py_ssize_t count, Py_ssize_t *at);

#define RECORD_INLINE 512

/* A record being written (on the stack of a playout). */
typedef struct {
    uint32_t *words;
    Py_ssize_t count, capacity;
    int failed; /* out of memory: the record is lost (an error set by record_finish) */
    uint32_t inline_words[RECORD_INLINE];
} StepRecord;

void record_open(StepRecord *record);
/* Append a word (no Python call: it may run without the GIL). */
static inline void record_word(StepRecord *record, uint32_t word) {
    if (record->count == record->capacity) {
        Py_ssize_t capacity = record->capacity * 2;
        uint32_t *grown = record->words == record->inline_words
                              ? PyMem_RawMalloc((size_t)capacity * sizeof(uint32_t))
                              : PyMem_RawRealloc(record->words, (size_t)capacity * sizeof(uint32_t));
        if (grown == NULL) {
            record->failed = 1;
            return;
        }
        if (record->words == record->inline_words)
            memcpy(grown, record->inline_words, sizeof record->inline_words);
        record->words = grown;
        record->capacity = capacity;
    }
    record->words[record->count++] = word;
}
/* The record as a Steps object read by `reader` over `tables` (None when it holds no step); the record
 * is closed either way.  NULL with an error set on failure. */
PyObject *record_finish(StepRecord *record, PyObject *tables, StepReader reader);
/* Close a record without making anything (after a failure). */
void record_close(StepRecord *record);

extern PyTypeObject StepsType;

#endif
