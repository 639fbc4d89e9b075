"""The answers' shapes: every /api operation documents its answer in /openapi.json, as a named model."""

from __future__ import annotations

from typing import Any

from mozaika.server import Settings, create_app

METHODS = ("get", "put", "post", "delete", "patch")


def _schema() -> dict[str, Any]:
    app = create_app(Settings(database_url="sqlite:///:memory:"))
    found: dict[str, Any] = app.openapi()
    return found


def shapeless_operations(schema: dict[str, Any]) -> tuple[int, list[str]]:
    """How many /api operations there are, and those whose success answer has no named shape.

    An answer has a shape when its JSON schema refers to a component with properties, or is
    a list of such; 204 answers (no body) need none.
    """
    components = schema["components"]["schemas"]

    def named(reference: dict[str, Any]) -> bool:
        ref = reference.get("$ref", "")
        return ref.startswith("#/components/schemas/") and bool(components[ref.rsplit("/", 1)[1]].get("properties"))

    total, shapeless = 0, []
    for path, item in schema["paths"].items():
        if not path.startswith("/api"):
            continue
        for method in METHODS:
            if method not in item:
                continue
            total += 1
            successes = {code: answer for code, answer in item[method]["responses"].items() if code.startswith("2")}
            for code, answer in successes.items():
                if code == "204":
                    continue
                shape = answer.get("content", {}).get("application/json", {}).get("schema", {})
                if not (named(shape) or (shape.get("type") == "array" and named(shape.get("items", {})))):
                    shapeless.append(f"{method.upper()} {path} {code}")
    return total, shapeless


def test_every_api_operation_documents_the_shape_of_its_answer() -> None:
    total, shapeless = shapeless_operations(_schema())
    assert total >= 35
    assert shapeless == []


if __name__ == "__main__":  # python tests/test_server_answers.py: the count
    total, shapeless = shapeless_operations(_schema())
    for operation in shapeless:
        print("no shape:", operation)
    print(f"{total} /api operations: {len(shapeless)} without a named answer shape, {total - len(shapeless)} with one")
