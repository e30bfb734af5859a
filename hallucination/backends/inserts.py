"""INSERTs of a few model rows whose SQL is built once a process, not compiled per call."""

import functools
from collections.abc import Sequence
from typing import Any

from django.db import connections
from django.db.models import Model

# psycopg keeps the parsed form of a statement of at most this many parameters, so such a
# statement is parsed once; a longer one is parsed anew each time and a batch is better
# sent the ORM's way (on PostgreSQL, bulk_create's UNNEST of one array per column).
MAX_PARAMETERS = 50


def rows_insert(objs: Sequence[Model], *, using: str = "default") -> bool:
    """INSERT new instances of one model as `QuerySet.bulk_create` does, with a statement
    built once for the model and row count: each value through the field's `pre_save` (the
    auto_now times) and `get_db_prep_save`, a primary key the database assigns read back
    into its instance, and each instance then marked as saved. Sends no signals, as
    bulk_create sends none.

    Returns False, inserting nothing, where the ORM should do it instead: more than
    MAX_PARAMETERS values, a value that is an SQL expression, a key the database would
    assign already set, or a database that cannot return the keys it assigns.

    The ORM compiles an INSERT anew on every call (quoting, placeholders, a compiler and a
    query object per statement): for a submission's query row, its source and its audit
    event that was most of the 0.7 ms the three INSERTs took, against the statement's own
    0.1-0.2 ms.
    """
    if not objs:
        return True
    model = type(objs[0])
    connection = connections[using]
    fields, returning = _insert_fields(model)
    if len(fields) * len(objs) > MAX_PARAMETERS:
        return False
    if returning is not None and (
        not connection.features.can_return_rows_from_bulk_insert
        or any(getattr(obj, returning.attname) is not None for obj in objs)
    ):
        return False
    params: list[Any] = []
    for obj in objs:
        obj._prepare_related_fields_for_save(operation_name="rows_insert")
        for field in fields:
            value = field.pre_save(obj, add=True)
            if hasattr(value, "resolve_expression"):
                return False
            params.append(field.get_db_prep_save(value, connection=connection))
    with connection.cursor() as cursor:
        cursor.execute(_insert_statement(model, len(objs), using), params)
        if returning is not None:
            for obj, row in zip(objs, cursor.fetchall(), strict=True):
                value = row[0]
                for converter in returning.get_db_converters(connection):
                    value = converter(value, returning, connection)
                setattr(obj, returning.attname, value)
    for obj in objs:
        obj._state.adding = False
        obj._state.db = using
    return True


@functools.cache
def _insert_fields(model: type[Model]) -> tuple[list[Any], Any]:
    """The fields an INSERT of `model` sets, and its primary key when the database assigns
    it (read back with RETURNING), else None."""
    pk = model._meta.pk
    assigned = pk if pk is not None and pk.db_returning else None
    return [f for f in model._meta.concrete_fields if f is not assigned], assigned


@functools.cache
def _insert_statement(model: type[Model], rows: int, using: str) -> str:
    connection = connections[using]
    quote = connection.ops.quote_name
    fields, returning = _insert_fields(model)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)}"
        f" ({', '.join(quote(field.column) for field in fields)})"
        f" VALUES {', '.join([row] * rows)}"
    )
    if returning is not None:
        sql += f" RETURNING {quote(returning.column)}"
    return sql
