"""Builds the native core (``mozaika._native``, C11) with the machine's C compiler.

The core is optional: where it cannot be compiled (no compiler, no Python headers), the
install still succeeds and Mozaika plays on its pure-Python engines, and says so
(``mozaika --version``).  See docs/engine.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE = Path("src/mozaika/native")
# The shared parts at the top of native/, each family of boards in a folder of its own (docs/engine.md).
FOLDERS = [NATIVE, *sorted(path for path in NATIVE.iterdir() if path.is_dir() and not path.name.startswith("_"))]
SOURCES = sorted(str(path) for folder in FOLDERS for path in folder.glob("*.c"))
HEADERS = sorted(str(path) for folder in FOLDERS for path in folder.glob("*.h"))


class OptionalBuildExt(build_ext):
    """Compile the native core when possible; otherwise say so and install the pure-Python engines."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                # Hidden symbols: calls between the core's files go straight, not through the PLT.
                # No fused multiply-adds: a value network's sums must equal the Python evaluation's
                # to the last bit (mozaika.bots.network).
                extension.extra_compile_args = [
                    "-std=c11",
                    "-O2",
                    "-ffp-contract=off",
                    "-Wall",
                    "-Wno-unused-parameter",
                    "-fvisibility=hidden",
                ]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any failure to compile leaves the pure-Python engines
            self._say(error)

    def build_extension(self, extension: Extension) -> None:
        try:
            super().build_extension(extension)
        except Exception as error:
            self._say(error)

    @staticmethod
    def _say(error: Exception) -> None:
        print(
            f"mozaika: the native core could not be compiled ({error}); Mozaika will run on its pure-Python "
            "engines (see docs/engine.md)",
            file=sys.stderr,
        )


setup(
    ext_modules=[
        Extension(
            "mozaika._native",
            sources=SOURCES,
            depends=HEADERS,
            include_dirs=[str(folder) for folder in FOLDERS],
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
