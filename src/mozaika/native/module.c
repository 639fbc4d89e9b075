/* mozaika._native: the native core of the rules engines (see docs/engine.md). */
#include "wall.h"

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "mozaika._native",
    .m_doc = "The native core of Mozaika's rules engines, held to the Python engines (docs/engine.md).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&WallCoreType) < 0 || wall_init_strings() < 0)
        return NULL;
    PyObject *module = PyModule_Create(&native_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&WallCoreType);
    if (PyModule_AddObject(module, "WallCore", (PyObject *)&WallCoreType) < 0) {
        Py_DECREF(&WallCoreType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
