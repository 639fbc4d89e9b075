/* mozaika._native: the native core of the rules engines (see docs/engine.md). */
#include "pavilion.h"
#include "wall.h"

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "mozaika._native",
    .m_doc = "The native core of Mozaika's rules engines, held to the Python engines (docs/engine.md).",
    .m_size = -1,
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
    if (PyType_Ready(&WallCoreType) < 0 || wall_init_strings() < 0 || pavilion_init() < 0)
        return NULL;
    PyObject *module = PyModule_Create(&native_module);
    if (module == NULL)
        return NULL;
    if (add_type(module, "WallCore", &WallCoreType) < 0 || add_type(module, "PavilionCore", &PavilionCoreType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
