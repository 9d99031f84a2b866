"""Python AST -> Tile IR, through the C++ builder.

A `CodeGenerator` walks one @jit function's AST. Values are language
objects (`tl.tensor`, `tl.constexpr`, tuples, dtypes, functions); every
op is emitted by `Semantic` (typing) into `trident._C.Builder` with the
location (file, line, column) of the node being visited. Calls to other
@jit functions are inlined into the caller (or emitted as calls with
`noinline=True`); loops and ifs become scf ops whose loop-carried values
are the names the body assigns. Errors become CompilationError at the
node's source line.
"""
import ast
import builtins
import inspect
import math as _pymath
import numbers
import os
import re
import types

from .. import _C
from .._errors import (CompilationError, CompileTimeAssertionFailure,
                       StaticAssertionError, TridentUserError)
from ..language import core as tl
from ..language.core import constexpr, tensor, _unwrap
from ..language.semantic import tensor_descriptor
from ..language._tuple import same_kind


_MISSING = object()


class _RegionLocal:
    """What a name assigned inside a region scope's `with` body holds after
    the block: using it is an error naming the block."""

    def __init__(self, what, line):
        self.what = what
        self.line = line


_MAX_INLINE_DEPTH = 64


class _Return(Exception):
    """Unwinds the visit of a function body at its `return`."""


def _is_value(v):
    return isinstance(v, (tensor, tl.base_value))


def _holds_value(v):
    """Whether `v` is, or is a tuple or list holding, a run-time value."""
    if isinstance(v, (tuple, list)):
        return any(_holds_value(_unwrap(e)) for e in v)
    return _is_value(v)


def _assigned_names(stmts):
    """Names bound by assignments anywhere in `stmts` (not in nested defs)."""
    out = []
    seen = set()

    def add(name):
        if name not in seen:
            seen.add(name)
            out.append(name)

    def target(t):
        if isinstance(t, ast.Name):
            add(t.id)
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                target(e)
        elif isinstance(t, ast.Starred):
            target(t.value)

    class V(ast.NodeVisitor):
        def visit_Assign(self, node):
            for t in node.targets:
                target(t)

        def visit_AugAssign(self, node):
            target(node.target)

        def visit_AnnAssign(self, node):
            target(node.target)

        def visit_For(self, node):
            target(node.target)
            for s in node.body + node.orelse:
                self.visit(s)

        def visit_FunctionDef(self, node):
            pass

        visit_AsyncFunctionDef = visit_FunctionDef
        visit_Lambda = visit_FunctionDef

    v = V()
    for s in stmts:
        v.visit(s)
    return out


def _returns_in(stmts):
    """Whether a `return` is among `stmts` or in the branches of their
    `if`s (not in loops, `with` blocks or nested definitions)."""
    return any(isinstance(s, ast.Return) or
               (isinstance(s, ast.If) and (_returns_in(s.body) or
                                           _returns_in(s.orelse)))
               for s in stmts)


def _returns_value_in(stmts):
    """Whether a `return` with a value is among `stmts` or in the branches
    of their `if`s (not in loops, `with` blocks or nested definitions)."""
    def has_value(r):
        return r.value is not None and not (
            isinstance(r.value, ast.Constant) and r.value.value is None)
    return any((isinstance(s, ast.Return) and has_value(s)) or
               (isinstance(s, ast.If) and (_returns_value_in(s.body) or
                                           _returns_value_in(s.orelse)))
               for s in stmts)


def _always_returns(stmts):
    """Whether every path through `stmts` ends in a `return`."""
    return any(isinstance(s, ast.Return) or
               (isinstance(s, ast.If) and _always_returns(s.body) and
                _always_returns(s.orelse))
               for s in stmts)


def _fold_early_returns(stmts):
    """A function body with a `return` inside an `if` (`if c: ...; return`,
    then more statements) rewritten so that every `return` is the last
    statement of the function: the statements after such an `if` move into
    its branches that do not return, and a branch's final bare `return`
    goes (nothing follows it). The `if`s made are marked `trident_tail`:
    nothing follows them, so their branches' values are not merged. An
    `if` whose condition is known at run time then compiles as any other;
    a `return` with a value inside one is still refused by visit_Return.
    `stmts` is left as it is."""
    out = []
    for i, s in enumerate(stmts):
        if isinstance(s, ast.Return):
            out.append(s)
            return out  # what follows is unreachable
        if not (isinstance(s, ast.If) and (_returns_in(s.body) or
                                           _returns_in(s.orelse))):
            out.append(s)
            continue
        rest = list(stmts[i + 1:])

        def branch(body):
            folded = _fold_early_returns(
                body if _always_returns(body) else list(body) + rest)
            last = folded[-1] if folded else None
            if isinstance(last, ast.Return) and (
                    last.value is None or (isinstance(last.value, ast.Constant)
                                           and last.value.value is None)):
                folded = folded[:-1]
            return folded

        new = ast.copy_location(ast.If(test=s.test, body=branch(s.body),
                                       orelse=branch(s.orelse)), s)
        new.trident_tail = True
        out.append(new)
        return out
    return out


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _is_library_file(path):
    """Whether `path` is a module of the trident package itself."""
    try:
        return os.path.commonpath([os.path.abspath(path),
                                   _PACKAGE_DIR]) == _PACKAGE_DIR
    except ValueError:
        return False


_LOC_PREFIX = re.compile(r"^(?:loc\()?\"?[^\s:\"]+\"?:\d+:\d+\)?:\s*(?:error:\s*)?")


def _strip_location(msg):
    """A builder diagnostic without its leading `file:line:col:` (the
    CompilationError names the line itself)."""
    return _LOC_PREFIX.sub("", msg, count=1)


# The names a conditional expression with a run-time condition computes
# its value into (not a Python identifier a kernel could use).
_IFEXP_NAME = "<ifexp>"


def _count_desc(v):
    """'3 values' or 'one value', for errors about returned values."""
    if isinstance(v, (tuple, list)):
        return "%d values" % len(v)
    return "one value"


def _mismatched(name, then_type, else_type):
    """The error for a value whose branches of an 'if' have two types (with
    Triton's words first)."""
    if name.startswith(_IFEXP_NAME):
        return ("Ternary expression with dynamic condition has inconsistent "
                "types: %r if the condition holds, %r if not" %
                (then_type, else_type))
    return ("Mismatched type for %s: %r in the 'if' branch but %r in the "
            "'else' branch; both must agree" % (name, then_type, else_type))


def _blame(node, err):
    """The node an error of `node` is reported at: for a loop-carried value
    whose type changed, the loop body's last assignment to it."""
    name = getattr(err, "assigned_name", None)
    if not name or not isinstance(node, (ast.For, ast.While)):
        return node
    last = None
    for sub in ast.walk(ast.Module(body=node.body, type_ignores=[])):
        targets = []
        if isinstance(sub, ast.Assign):
            targets = sub.targets
        elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)):
            targets = [sub.target]
        for t in targets:
            if any(isinstance(n, ast.Name) and n.id == name
                   for n in ast.walk(t)):
                if last is None or (sub.lineno, sub.col_offset) > \
                        (last.lineno, last.col_offset):
                    last = sub
    return last or node


class CodeGenerator(ast.NodeVisitor):
    def __init__(self, fn, semantic, scope, depth=0, call_stack=()):
        self.fn = fn
        self.sem = semantic
        self.b = semantic.builder
        self.scope = dict(scope)
        self.depth = depth
        self.call_stack = list(call_stack)
        self.ret = None
        self.gscope = fn.fn.__globals__
        self.closure = fn.closure_vars()
        self.file = fn.file
        self.line_offset = fn.starting_line - 1
        self.col_offset = fn.indent
        self.lines = fn.src.splitlines()
        self._dynamic_if_depth = 0
        # How many of the run-time `if`s around the code being built end the
        # function and take the values its branches return (visit_If).
        self._returning_ifs = 0
        self._ifexp_count = 0
        # The `with` region scopes (trident.language.ir.region_scope) being
        # built, innermost last.
        self._regions = []
        self.last_node = None
        # The language's own @jit functions (tl.sum, tl.rand, ...) are
        # inlined at the user's call: their ops carry the call's location,
        # and their errors name the user's line.
        self.library = _is_library_file(self.file)
        self._loc = None

    # ------------------------------------------------------------------
    # Errors and locations
    # ------------------------------------------------------------------

    def _error(self, node, reason, cls=CompilationError):
        lineno = getattr(node, "lineno", None)
        col = getattr(node, "col_offset", None)
        src = None
        if lineno is not None and 0 < lineno <= len(self.lines):
            src = self.lines[lineno - 1]
            if self.col_offset:
                src = " " * self.col_offset + src
        return cls(
            reason, self.file,
            None if lineno is None else lineno + self.line_offset,
            None if col is None else col + self.col_offset + 1, src,
            self.fn.__name__, self.call_stack)

    def where(self, node):
        return "%s:%d (%s)" % (self.file, node.lineno + self.line_offset,
                               self.fn.__name__)

    def visit(self, node):
        prev = self._loc
        located = hasattr(node, "lineno") and not self.library
        if located:
            self.last_node = node
            self._loc = (self.file, node.lineno + self.line_offset,
                         node.col_offset + self.col_offset + 1)
            self.b.set_loc(*self._loc)
        try:
            return super().visit(node)
        except (CompilationError, _Return):
            raise
        except TridentUserError as e:
            if self.library:
                raise
            cls = (CompileTimeAssertionFailure
                   if isinstance(e, StaticAssertionError) else
                   CompilationError)
            # As Triton, __cause__ is the error the built-in raised (its
            # message without the location; no traceback of the front end).
            raise self._error(_blame(node, e), str(e), cls) from \
                e.with_traceback(None)
        except _C.Error as e:
            if self.library:
                raise TridentUserError(_strip_location(str(e))) from None
            raise self._error(node, _strip_location(str(e))) from None
        except RecursionError:
            if self.library:
                raise
            raise self._error(node, "the kernel nests too deeply (recursive "
                              "@jit calls?)") from None
        except Exception as e:  # noqa: BLE001 - a bug of ours, named as such
            reason = "internal error in the Trident front end: %s: %s" % (
                type(e).__name__, e)
            if self.library:
                raise TridentUserError(reason) from e
            raise self._error(node, reason) from e
        finally:
            # The ops a node emits after visiting its children (an add
            # after its operands, a loop after its bounds) get its own
            # location again, not that of the last child.
            if located and prev is not None:
                self._loc = prev
                self.b.set_loc(*prev)

    def generic_visit(self, node):
        raise TridentUserError("unsupported Python construct in a kernel: %s"
                               % type(node).__name__)

    # ------------------------------------------------------------------
    # Functions
    # ------------------------------------------------------------------

    def run_body(self, stmts):
        if any(isinstance(s, ast.If) and _returns_in([s]) for s in stmts):
            stmts = _fold_early_returns(stmts)
        try:
            self.visit_block(stmts)
        except _Return:
            pass
        return self.ret

    def visit_block(self, stmts):
        for s in stmts:
            self.visit(s)

    def visit_FunctionDef(self, node):
        raise TridentUserError("functions cannot be defined inside a kernel: "
                               "define a @trident.jit function at module "
                               "level and call it")

    def visit_Return(self, node):
        if self._regions:
            raise TridentUserError(
                "'return' inside a '%s' block is not supported: its body is "
                "a region of its own" % self._regions[-1])
        if self._dynamic_if_depth and \
                self._dynamic_if_depth != self._returning_ifs:
            # (A bare `return` in such an `if` outside loops was folded away
            # by _fold_early_returns; one with a value in the branches of
            # such `if`s alone is taken by visit_If.)
            raise TridentUserError(
                "'return' inside an 'if' whose condition is only known at run "
                "time is not supported %s" % (
                    "inside a loop" if node.value is None else
                    "with a value inside a loop or a 'with' block: assign "
                    "the value and return it at the end"))
        value = None if node.value is None else self.visit(node.value)
        if isinstance(value, list):
            value = tuple(value)
        self.ret = value
        raise _Return()

    def visit_Pass(self, node):
        return None

    # ------------------------------------------------------------------
    # Names and assignment
    # ------------------------------------------------------------------

    def lookup(self, name, node):
        if name in self.scope:
            value = self.scope[name]
            if isinstance(value, _RegionLocal):
                raise TridentUserError(
                    "'%s' was assigned inside the '%s' block at line %d; a "
                    "value made in a region does not leave it (compute it "
                    "before the block, or pass it through memory)" %
                    (name, value.what, value.line))
            return value
        if name in self.closure:
            return self._global_value(name, self.closure[name], node)
        if name in self.gscope:
            return self._global_value(name, self.gscope[name], node)
        if hasattr(builtins, name):
            return getattr(builtins, name)
        import difflib
        known = set(self.scope) | set(self.closure) | {
            n for n in self.gscope if not n.startswith("__")}
        close = difflib.get_close_matches(name, sorted(known), 1)
        raise TridentUserError("unknown name '%s'%s" % (
            name, " (did you mean '%s'?)" % close[0] if close else
            " (not an argument, a local, a global or a built-in)"))

    def _global_value(self, name, value, node):
        if isinstance(value, (constexpr, tl.dtype, types.ModuleType, type)):
            return value
        if callable(value):
            return value
        ann = self.gscope.get("__annotations__", {})
        if ann.get(name) in (tl.constexpr, "tl.constexpr", "constexpr"):
            return constexpr(value)
        if value is None or isinstance(value, (str, bytes)):
            return constexpr(value)
        raise TridentUserError(
            "global variable '%s' (a %s) used in a kernel: globals must be "
            "constexprs; declare it as `%s: tl.constexpr = ...` or "
            "`%s = tl.constexpr(...)`, or pass it as an argument" %
            (name, type(value).__name__, name, name))

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Store):
            return node.id
        return self.lookup(node.id, node)

    def _sanitize(self, value):
        """What an assignment stores: Python numbers become scalars."""
        if isinstance(value, tuple):
            return same_kind(value, [self._sanitize(v) for v in value])
        raw = _unwrap(value)
        if isinstance(raw, (bool, numbers.Number)) and \
                not isinstance(raw, tl.dtype):
            return self.sem.to_tensor(raw)
        return value

    def assign(self, target, value, node):
        if isinstance(target, ast.Name):
            self.scope[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            vals = _unwrap(value)
            if isinstance(vals, tensor):
                raise TridentUserError("cannot unpack a tensor into %d names"
                                       % len(target.elts))
            try:
                vals = tuple(vals)
            except TypeError:
                raise TridentUserError("cannot unpack a %s" %
                                       type(vals).__name__) from None
            if len(vals) != len(target.elts):
                raise TridentUserError(
                    "cannot unpack %d values into %d names" %
                    (len(vals), len(target.elts)))
            for t, v in zip(target.elts, vals):
                self.assign(t, v, node)
        elif isinstance(target, ast.Subscript):
            raise TridentUserError("tensors are values: assigning to an "
                                   "element or slice is not supported (use "
                                   "tl.where)")
        elif isinstance(target, ast.Attribute):
            raise TridentUserError("assigning to an attribute is not "
                                   "supported in a kernel")
        else:
            raise TridentUserError("unsupported assignment target: %s" %
                                   type(target).__name__)

    def visit_Assign(self, node):
        value = self._sanitize(self.visit(node.value))
        for t in node.targets:
            self.assign(t, value, node)

    def visit_AnnAssign(self, node):
        ann = self.visit(node.annotation)
        if node.value is None:
            return
        value = self.visit(node.value)
        if ann is tl.constexpr or isinstance(ann, type) and \
                issubclass(ann, constexpr):
            if isinstance(_unwrap(value), tensor):
                raise TridentUserError(
                    "'%s' is annotated tl.constexpr but its value is a tensor"
                    " (only known when the kernel runs)" %
                    getattr(node.target, "id", "?"))
            self.assign(node.target, constexpr(value), node)
            return
        value = self._sanitize(value)
        if isinstance(_unwrap(ann), tl.dtype):
            value = self.sem.cast(value, _unwrap(ann))
        self.assign(node.target, value, node)

    def visit_AugAssign(self, node):
        if not isinstance(node.target, ast.Name):
            raise TridentUserError("augmented assignment needs a plain name "
                                   "on the left")
        lhs = self.lookup(node.target.id, node)
        rhs = self.visit(node.value)
        value = self._binop(node.op, lhs, rhs)
        self.scope[node.target.id] = self._sanitize(value)

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Call) and _plain_name(node.value.func):
            # (looked up twice: a name or a.b.c has no side effects)
            fn = _unwrap(self.visit(node.value.func))
            must = getattr(fn, "_must_use_result", False)
            if must:
                # (trident.must_use_result)
                raise TridentUserError(
                    "The result of %s is not being used.%s" % (
                        getattr(fn, "__name__", "this call"),
                        " " + must if isinstance(must, str) else ""))
        self.visit(node.value)

    # ------------------------------------------------------------------
    # Expressions
    # ------------------------------------------------------------------

    def visit_Constant(self, node):
        return constexpr(node.value)

    def visit_Tuple(self, node):
        return tuple(self._elts(node.elts))

    def visit_List(self, node):
        return list(self._elts(node.elts))

    def visit_Dict(self, node):
        """A dict of compile-time keys (the dtype table of
        tl.extern_elementwise, say); values may be anything."""
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                out.update(_unwrap(self.visit(v)))
                continue
            key = _unwrap(self.visit(k))
            if isinstance(key, (tuple, list)):
                key = tuple(_unwrap(e) for e in key)
            if _is_value(key) or (isinstance(key, tuple) and
                                  any(_is_value(e) for e in key)):
                raise TridentUserError("a dict key in a kernel must be known "
                                       "at compile time, not a tensor")
            out[key] = self.visit(v)
        return out

    def _elts(self, elts):
        out = []
        for e in elts:
            if isinstance(e, ast.Starred):
                out.extend(_unwrap(self.visit(e.value)))
            else:
                out.append(self.visit(e))
        return out

    def visit_Attribute(self, node):
        obj = self.visit(node.value)
        if isinstance(obj, constexpr) and not hasattr(type(obj), node.attr):
            obj = obj.value
        try:
            return getattr(obj, node.attr)
        except TridentUserError:
            raise
        except AttributeError:
            what = (obj.__name__ if isinstance(obj, types.ModuleType) else
                    type(obj).__name__)
            import difflib
            close = difflib.get_close_matches(
                node.attr, [n for n in dir(obj) if not n.startswith("_")], 1)
            raise TridentUserError("'%s' has no attribute '%s'%s" % (
                what, node.attr,
                " (did you mean '%s'?)" % close[0] if close else "")) \
                from None

    _BINOPS = {ast.Add: "__add__", ast.Sub: "__sub__", ast.Mult: "__mul__",
               ast.Div: "__truediv__", ast.FloorDiv: "__floordiv__",
               ast.Mod: "__mod__", ast.Pow: "__pow__", ast.LShift: "__lshift__",
               ast.RShift: "__rshift__", ast.BitAnd: "__and__",
               ast.BitOr: "__or__", ast.BitXor: "__xor__"}

    def _binop(self, op, lhs, rhs):
        import operator
        fn = {ast.Add: operator.add, ast.Sub: operator.sub,
              ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
              ast.Pow: operator.pow, ast.LShift: operator.lshift,
              ast.RShift: operator.rshift, ast.BitAnd: operator.and_,
              ast.BitOr: operator.or_, ast.BitXor: operator.xor,
              ast.MatMult: None}.get(type(op))
        if fn is None:
            raise TridentUserError("'@' is not supported: use tl.dot")
        if isinstance(lhs, constexpr) and isinstance(rhs, constexpr):
            try:
                return constexpr(fn(lhs.value, rhs.value))
            except ZeroDivisionError:
                raise TridentUserError("division by zero in a constexpr "
                                       "expression") from None
        if not (_is_value(_unwrap(lhs)) or _is_value(_unwrap(rhs))):
            return fn(_unwrap(lhs), _unwrap(rhs))
        if isinstance(lhs, constexpr) and not isinstance(rhs, tensor):
            lhs = lhs.value
        return fn(lhs, rhs)

    def visit_BinOp(self, node):
        lhs = self.visit(node.left)
        rhs = self.visit(node.right)
        return self._binop(node.op, lhs, rhs)

    def visit_UnaryOp(self, node):
        v = self.visit(node.operand)
        if isinstance(node.op, ast.Not):
            if isinstance(_unwrap(v), tensor):
                return self.sem.logical_not(v)
            return constexpr(not _unwrap(v))
        if isinstance(v, constexpr):
            v = v.value
            r = {ast.USub: lambda x: -x, ast.UAdd: lambda x: +x,
                 ast.Invert: lambda x: ~x}[type(node.op)](v)
            return constexpr(r)
        return {ast.USub: lambda x: -x, ast.UAdd: lambda x: +x,
                ast.Invert: lambda x: ~x}[type(node.op)](v)

    def visit_BoolOp(self, node):
        is_and = isinstance(node.op, ast.And)
        result = None
        for e in node.values:
            v = self.visit(e)
            if result is None:
                result = v
            elif isinstance(_unwrap(result), tensor) or \
                    isinstance(_unwrap(v), tensor):
                result = (self.sem.logical_and(result, v) if is_and else
                          self.sem.logical_or(result, v))
            else:
                result = constexpr(_unwrap(result) and _unwrap(v) if is_and
                                   else _unwrap(result) or _unwrap(v))
            # Short-circuit on constexprs, as Python does.
            if not isinstance(_unwrap(result), tensor):
                if is_and and not _unwrap(result):
                    return constexpr(_unwrap(result))
                if not is_and and _unwrap(result):
                    return constexpr(_unwrap(result))
        return result

    _CMP = {ast.Lt: "__lt__", ast.LtE: "__le__", ast.Gt: "__gt__",
            ast.GtE: "__ge__", ast.Eq: "__eq__", ast.NotEq: "__ne__"}

    def visit_Compare(self, node):
        import operator
        left = self.visit(node.left)
        result = None
        for op, comp in zip(node.ops, node.comparators):
            right = self.visit(comp)
            if isinstance(op, (ast.Is, ast.IsNot)):
                r = _unwrap(left) is _unwrap(right)
                r = constexpr(r if isinstance(op, ast.Is) else not r)
            elif isinstance(op, (ast.In, ast.NotIn)):
                r = _unwrap(left) in _unwrap(right)
                r = constexpr(r if isinstance(op, ast.In) else not r)
            else:
                fn = {ast.Lt: operator.lt, ast.LtE: operator.le,
                      ast.Gt: operator.gt, ast.GtE: operator.ge,
                      ast.Eq: operator.eq, ast.NotEq: operator.ne}[type(op)]
                if isinstance(left, constexpr) and \
                        isinstance(right, constexpr):
                    r = constexpr(fn(left.value, right.value))
                elif isinstance(_unwrap(left), tensor) or \
                        isinstance(_unwrap(right), tensor):
                    lhs = left.value if isinstance(left, constexpr) else left
                    rhs = right.value if isinstance(right, constexpr) else \
                        right
                    if isinstance(lhs, tensor):
                        r = fn(lhs, rhs)
                    else:
                        # reflected: a < t is t > a
                        refl = {operator.lt: operator.gt,
                                operator.le: operator.ge,
                                operator.gt: operator.lt,
                                operator.ge: operator.le,
                                operator.eq: operator.eq,
                                operator.ne: operator.ne}[fn]
                        r = refl(rhs, lhs)
                else:
                    r = constexpr(fn(_unwrap(left), _unwrap(right)))
            result = r if result is None else (
                self.sem.logical_and(result, r)
                if isinstance(_unwrap(result), tensor) or
                isinstance(_unwrap(r), tensor)
                else constexpr(_unwrap(result) and _unwrap(r)))
            left = right
        return result

    def visit_IfExp(self, node):
        cond = self.visit(node.test)
        if not isinstance(_unwrap(cond), tensor):
            return self.visit(node.body if _unwrap(cond) else node.orelse)
        if _unwrap(cond).type.is_block():
            # A tile condition: an element-wise choice.
            then = self.visit(node.body)
            other = self.visit(node.orelse)
            return self.sem.where(cond, then, other)
        # A run-time scalar condition: an 'if' whose branches each compute
        # their value (only the branch taken runs, as under Triton: a load
        # or a store in the other does not happen), into a name of its own.
        self._ifexp_count += 1
        name = "%s%d" % (_IFEXP_NAME, self._ifexp_count)
        self.scope[name + "c"] = cond

        def branch(value):
            target = ast.copy_location(ast.Name(name, ast.Store()), value)
            return ast.copy_location(ast.Assign([target], value), value)
        test = ast.copy_location(ast.Name(name + "c", ast.Load()), node.test)
        stmt = ast.copy_location(
            ast.If(test, [branch(node.body)], [branch(node.orelse)]), node)
        try:
            self.visit_If(stmt)
        finally:
            self.scope.pop(name + "c", None)
        # Absent: both branches are void (calls that return nothing).
        return self.scope.pop(name, None)

    def visit_Subscript(self, node):
        value = self.visit(node.value)
        index = self.visit(node.slice)
        raw = _unwrap(value)
        if isinstance(raw, tensor):
            return raw[index]
        idx = _unwrap(index)
        if isinstance(idx, tensor):
            raise TridentUserError("a tuple or constexpr can only be indexed "
                                   "by a constexpr, got a tensor")
        try:
            out = raw[idx]
        except (IndexError, KeyError, TypeError) as e:
            raise TridentUserError("cannot index %s with %r: %s" %
                                   (type(raw).__name__, idx, e)) from None
        return out if _is_value(out) or isinstance(out, (tuple, list)) \
            else constexpr(out)

    def visit_Slice(self, node):
        def part(p):
            return None if p is None else _unwrap(self.visit(p))
        return slice(part(node.lower), part(node.upper), part(node.step))

    def visit_Index(self, node):  # Python < 3.9 compatibility
        return self.visit(node.value)

    def visit_JoinedStr(self, node):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            else:
                x = self.visit(v.value)
                if isinstance(_unwrap(x), tensor):
                    raise TridentUserError("f-strings in kernels can only "
                                           "hold constexprs")
                spec = "" if v.format_spec is None else \
                    _unwrap(self.visit(v.format_spec))
                parts.append(format(_unwrap(x), spec))
        return constexpr("".join(parts))

    def visit_FormattedValue(self, node):
        raise TridentUserError("unexpected formatted value")

    # ------------------------------------------------------------------
    # Calls
    # ------------------------------------------------------------------

    def visit_Call(self, node):
        fn = self.visit(node.func)
        args = self._elts(node.args)
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(_unwrap(self.visit(kw.value)))
            else:
                kwargs[kw.arg] = self.visit(kw.value)
        return self.call(fn, args, kwargs, node)

    def check_call(self, fn, args, kwargs, node=None):
        """Raises a TridentUserError naming the call when `args` and
        `kwargs` do not fit `fn`'s signature (a wrong number of arguments,
        an unknown keyword), before `fn` runs."""
        mistake = _signature_mistake(fn, args, kwargs)
        if mistake is not None:
            raise TridentUserError("%s() %s" % (_callee_name(fn, node),
                                                mistake))

    def call(self, fn, args, kwargs, node=None):
        from ..runtime.jit import JITFunction
        fn = _unwrap(fn)
        if isinstance(fn, JITFunction):
            return self.call_function(fn, args, kwargs, node)
        if getattr(fn, "__trident_builtin__", False):
            self.check_call(fn, args, kwargs, node)
            return fn(*args, **kwargs)
        special = _PY_BUILTINS.get(fn) if _hashable(fn) else None
        if special is not None:
            self.check_call(fn, args, kwargs, node)
            return special(self, args, kwargs)
        if isinstance(fn, type) and issubclass(fn, (tl.range,
                                                    tl.static_range)):
            self.check_call(fn, args, kwargs, node)
            return fn(*args, **kwargs)
        if isinstance(fn, (types.MethodType, types.BuiltinMethodType)) and \
                isinstance(getattr(fn, "__self__", None),
                           (tensor, tensor_descriptor)):
            self.check_call(fn, args, kwargs, node)
            return fn(*args, **kwargs)
        has_tensor = any(_is_value(_unwrap(a)) for a in
                         list(args) + list(kwargs.values()))
        if has_tensor and isinstance(fn, types.FunctionType):
            raise TridentUserError(
                "'%s' is a plain Python function: a kernel can call only "
                "@trident.jit functions and tl built-ins with tensors "
                "(decorate it with @trident.jit)" % fn.__name__)
        if not callable(fn):
            raise TridentUserError("'%s' object is not callable" %
                                   type(fn).__name__)
        # Compile-time evaluation of a Python callable on constexprs.
        args = [_unwrap(a) for a in args]
        kwargs = {k: _unwrap(v) for k, v in kwargs.items()}
        self.check_call(fn, args, kwargs, node)
        result = fn(*args, **kwargs)
        if _is_value(result) or isinstance(result, (tuple, list)) or \
                result is None or isinstance(result, tl.dtype):
            return result
        return constexpr(result)

    def call_function(self, fn, args, kwargs=None, node=None):
        """Inlines (or calls, with noinline) the @jit function `fn`."""
        kwargs = kwargs or {}
        if self.depth >= _MAX_INLINE_DEPTH:
            raise TridentUserError("@jit calls nest more than %d deep "
                                   "(recursion?)" % _MAX_INLINE_DEPTH)
        try:
            bound = fn.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TridentUserError("calling %s: %s" % (fn.__name__, e)) \
                from None
        bound.apply_defaults()
        scope = {}
        for name, value in bound.arguments.items():
            param = fn.signature.parameters[name]
            if param.kind in (param.VAR_POSITIONAL,):
                value = tuple(value)
            if _holds_value(_unwrap(value)):
                # A run-time value is passed as it is, also to a parameter
                # annotated tl.constexpr: as in Triton, the annotation of a
                # called @jit function's parameter does not make its
                # argument a compile-time value (tutorial 06 passes the
                # tensors offs_m, offs_n so); only a kernel's own
                # parameters must be constexprs.
                value = _unwrap(value)
            elif name in fn.constexpr_names:
                value = constexpr(value)
            elif not _is_value(value) and not isinstance(
                    value, (constexpr, tuple, list)) and \
                    not isinstance(value, tl.dtype) and \
                    not callable(value) and value is not None:
                value = constexpr(value)
            elif value is None:
                value = constexpr(None)
            scope[name] = value
        stack = self.call_stack + ([self.where(node)] if node is not None
                                   and not self.library else [])
        if fn.noinline:
            return self._call_noinline(fn, scope, stack)
        gen = CodeGenerator(fn, self.sem, scope, self.depth + 1, stack)
        saved = self.b.save_ip()
        try:
            return gen.run_body(fn.parse().body)
        finally:
            self.b.restore_ip(saved)

    def _call_noinline(self, fn, scope, stack):
        # A private function per (fn, argument types, constexprs).
        params = [n for n in fn.arg_names if _is_value(scope[n])]
        for n in params:
            if not isinstance(scope[n], tensor) and not (
                    isinstance(scope[n], tensor_descriptor) and
                    scope[n]._base is not None):
                raise TridentUserError(
                    "noinline function %s: argument '%s' must be a tensor "
                    "or a tensor descriptor%s" % (
                        fn.__name__, n, " made in the kernel (a host one "
                        "is passed on the CPU target only)"
                        if isinstance(scope[n], tensor_descriptor) else ""))
        # A descriptor is passed as what it is made of (_flatten).
        flat = {n: self._flat(scope[n]) for n in params}
        key = (fn, tuple((scope[n].type, len(flat[n]),
                          isinstance(scope[n], tensor_descriptor) and
                          scope[n]._padding_key())
                         for n in params),
               tuple((n, repr(_unwrap(v))) for n, v in scope.items()
                     if n not in params))
        cache = self.sem.__dict__.setdefault("_noinline", {})
        if key not in cache:
            name = "%s__%d" % (fn.__name__, len(cache))
            arg_types = [self.sem.type_of(t.type) for n in params
                         for t in flat[n]]
            saved = self.b.save_ip()
            fh = self.b.function(name, arg_types, [], False)
            self.b.set_func_attr(fh, "no_inline", 1)  # noinline in LLVM
            blk = self.b.block(fh, 0, 0)
            self.b.set_insert_end(blk)
            inner = dict(scope)
            i = 0
            for n in params:
                args = [tensor(self.b.block_arg(blk, i + k), t.type)
                        for k, t in enumerate(flat[n])]
                inner[n] = _rebuild(scope[n], args)
                i += len(args)
            gen = CodeGenerator(fn, self.sem, inner, self.depth + 1, stack)
            ret = gen.run_body(fn.parse().body)
            single = not isinstance(ret, tuple)
            rets = [] if ret is None else ([ret] if single else list(ret))
            rets = [r if isinstance(r, tensor_descriptor) and
                    r._base is not None else self.sem.to_tensor(r)
                    for r in rets]
            flat_rets = [t for r in rets for t in self._flat(r)]
            self.b.ret([r.handle for r in flat_rets])
            self.b.set_func_results(fh, [self.sem.type_of(r.type)
                                         for r in flat_rets])
            self.b.restore_ip(saved)
            cache[key] = (name, rets, [r.type for r in flat_rets], single,
                          ret is None)
        name, protos, ret_types, single, is_none = cache[key]
        op = self.b.call(name, [t.handle for n in params for t in flat[n]],
                         [self.sem.type_of(t) for t in ret_types])
        self.b.set_func_attr(op, "no_inline", 1)  # kept by the inliner
        outs = [tensor(self.b.result(op, i), t)
                for i, t in enumerate(ret_types)]
        if is_none:
            return None
        values, k = [], 0
        for p in protos:  # descriptors made again from their parts
            c = _count(p)
            values.append(_rebuild(p, outs[k:k + c]))
            k += c
        return values[0] if single else tuple(values)

    # ------------------------------------------------------------------
    # Control flow
    # ------------------------------------------------------------------

    def _carried(self, stmts, extra=()):
        """Names assigned in `stmts` that hold values before them: what a
        loop carries (tensors, plugin values, Python numbers, and tuples of
        these)."""
        names = []
        for n in list(extra) + _assigned_names(stmts):
            if n in self.scope and n not in names and \
                    _carryable(self.scope[n]):
                names.append(n)
        return names

    def _normalize(self, v):
        """`v` with its Python numbers made scalar tensors."""
        if isinstance(v, (tuple, list)):
            return same_kind(v, [self._normalize(e) for e in v])
        if _is_value(v):
            return v
        return self.sem.to_tensor(v)

    def _flat(self, v):
        """The tensors that carry `v` through a loop or an if."""
        if isinstance(v, tensor):
            return [v]
        if isinstance(v, tl.base_value):
            return list(v._flatten())
        if isinstance(v, (tuple, list)):
            return [t for e in v for t in self._flat(e)]
        return [self.sem.to_tensor(v)]

    def _carried_values(self, names):
        """(prototypes, flat tensors) of the carried names' current values;
        Python numbers become scalar tensors first."""
        protos, flat = [], []
        for n in names:
            v = self._normalize(self.scope[n])
            self.scope[n] = v
            protos.append(v)
            flat.extend(self._flat(v))
        return protos, flat

    def _bind_flat(self, names, protos, tensors):
        """Binds each name to its prototype rebuilt from `tensors`."""
        k = 0
        for n, p in zip(names, protos):
            count = _count(p)
            self.scope[n] = _rebuild(p, tensors[k:k + count])
            k += count

    def _check_no_lost_constexprs(self, before, carried, where):
        """A compile-time value (a dtype, a string, ...) that a loop body
        changes cannot be carried by the loop: an error, not a silent
        return to the old value after the loop."""
        for n, v in self.scope.items():
            if n in carried or n not in before or _is_value(v):
                continue
            if not _same(v, before[n]):
                raise TridentUserError(
                    "'%s' is given a different compile-time value (%r, was "
                    "%r) inside a %s; a loop carries only tensors (use "
                    "tl.static_range to unroll it)" %
                    (n, _unwrap(v), _unwrap(before[n]), where))

    def _flat_like(self, p, a, n, where):
        """The flat tensors of `a`, the value at the end of a loop body of
        a name whose value before it was `p` (same structure)."""
        if isinstance(p, tl.base_value):
            if type(a) is not type(p):
                raise TridentUserError(
                    "'%s' holds a %s before the %s but a %s after it" %
                    (n, type(p).__name__, where, type(_unwrap(a)).__name__))
            return list(a._flatten())
        if isinstance(p, tuple):
            if not isinstance(a, (tuple, list)) or len(a) != len(p):
                raise TridentUserError(
                    "'%s' holds a tuple of %d before the %s but %r after it"
                    % (n, len(p), where, _unwrap(a)))
            return [t for pe, ae in zip(p, a)
                    for t in self._flat_like(pe, ae, n, where)]
        if not isinstance(a, tensor):
            if isinstance(_unwrap(a), (numbers.Number, bool)):
                return [self.sem.cast(self.sem.to_tensor(a), p.dtype)]
            raise TridentUserError(
                "'%s' holds a tensor before the %s but a %s after it"
                % (n, where, type(_unwrap(a)).__name__))
        return [a]

    def _check_same(self, names, protos, before, after_values, where):
        """The flat tensors of `after_values`, checked against `before`."""
        vals = []
        k = 0
        for n, p, a in zip(names, protos, after_values):
            flat = self._flat_like(p, a, n, where)
            for b, t in zip(before[k:k + len(flat)], flat):
                if t.type != b.type:
                    err = TridentUserError(
                        "'%s' has type %r before the %s but %r at the end of "
                        "its body; a loop-carried value must keep its type "
                        "(cast it with .to())" % (n, b.type, where, t.type))
                    err.assigned_name = n  # visit() blames its assignment
                    raise err
            k += len(flat)
            vals.extend(flat)
        return vals

    def _merge_returns(self, op, blocks, returned, saved):
        """Ends the branches of the run-time `if` `op` (built into `blocks`)
        with yields of the values they return (`returned`), and returns
        those values as the `if`'s results, in the same structure."""
        def missing(v):
            return v is None or (isinstance(v, constexpr) and v.value is None)
        if any(missing(v) for v in returned):
            self.b.restore_ip(saved)
            raise TridentUserError(
                "the function returns a value in one branch of an 'if' whose "
                "condition is only known at run time but nothing in the "
                "other; every path must return a value")
        then_flat, else_flat = [], []

        def flatten(a, b):
            a, b = _unwrap(a), _unwrap(b)
            if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
                if not (isinstance(a, (tuple, list)) and
                        isinstance(b, (tuple, list)) and len(a) == len(b)):
                    raise TridentUserError(
                        "the function returns %s in the 'if' branch but %s "
                        "in the 'else' branch (of an 'if' whose condition is "
                        "only known at run time); both must return as many "
                        "values" % (_count_desc(a), _count_desc(b)))
                return same_kind(a, [flatten(x, y) for x, y in zip(a, b)])
            ok = (tensor, bool, numbers.Number)
            if not isinstance(a, ok) or not isinstance(b, ok):
                raise TridentUserError(
                    "a function can return %r and %r from the branches of an "
                    "'if' whose condition is only known at run time: only "
                    "tensors, numbers and tuples of them" % (a, b))
            self.b.set_insert_end(blocks[0])
            ta = a if isinstance(a, tensor) else self.sem.to_tensor(a)
            self.b.set_insert_end(blocks[1])
            tb = b if isinstance(b, tensor) else self.sem.to_tensor(b)
            if ta.type != tb.type:
                # A Python number takes the other branch's type.
                if not isinstance(a, tensor):
                    self.b.set_insert_end(blocks[0])
                    ta = self.sem.cast(ta, tb.dtype)
                elif not isinstance(b, tensor):
                    self.b.set_insert_end(blocks[1])
                    tb = self.sem.cast(tb, ta.dtype)
            if ta.type != tb.type:
                self.b.restore_ip(saved)
                raise TridentUserError(
                    "Inconsistent return types: the function returns %r in "
                    "the 'if' branch but %r in the 'else' branch (of an 'if' "
                    "whose condition is only known at run time); both must "
                    "agree" % (ta.type, tb.type))
            then_flat.append(ta)
            else_flat.append(tb)
            return len(then_flat) - 1

        try:
            proto = flatten(returned[0], returned[1])
        finally:
            self.b.restore_ip(saved)
        new = self.b.finalize_if(op, [v.handle for v in then_flat],
                                 [v.handle for v in else_flat])
        results = [tensor(self.b.result(new, i), v.type)
                   for i, v in enumerate(then_flat)]

        def rebuild(p):
            if isinstance(p, (tuple, list)):
                return same_kind(p, [rebuild(x) for x in p])
            return results[p]
        return rebuild(proto)

    def visit_If(self, node):
        cond = self.visit(node.test)
        if not isinstance(_unwrap(cond), tensor):
            self.visit_block(node.body if _unwrap(cond) else node.orelse)
            return
        cond = _unwrap(cond)
        if cond.type.is_block() and cond.type.numel == 1:
            cond = self.sem.unsplat(cond)  # as Triton: a one-element tile
        if cond.type.is_block():
            raise TridentUserError(
                "an 'if' condition must be a scalar, got a tile of shape %s "
                "(use tl.where for element-wise choices)" % list(cond.shape))
        if not cond.dtype.is_bool():
            cond = self.sem.cast(cond, tl.int1)
        before = dict(self.scope)
        op = self.b.if_(cond.handle, [], True)
        saved = self.b.save_ip()
        scopes = []
        blocks = []
        # An `if` that ends its function (trident_tail) and returns values
        # in its branches: each branch's value is yielded, and the `if`'s
        # results are what the function returns.
        returning = getattr(node, "trident_tail", False) and (
            _returns_value_in(node.body) or _returns_value_in(node.orelse))
        returned = []
        self._dynamic_if_depth += 1
        if returning:
            self._returning_ifs += 1
        try:
            for region, stmts in ((0, node.body), (1, node.orelse)):
                blk = self.b.block(op, region, 0)
                blocks.append(blk)
                self.scope = dict(before)
                self.b.set_insert_end(blk)
                if not returning:
                    self.visit_block(stmts)
                else:
                    self.ret = None
                    try:
                        self.visit_block(stmts)
                    except _Return:
                        pass
                    returned.append(self.ret)
                    self.ret = None
                scopes.append(self.scope)
        finally:
            self._dynamic_if_depth -= 1
            if returning:
                self._returning_ifs -= 1
            self.b.restore_ip(saved)
        if returning:
            self.scope = before
            self.ret = self._merge_returns(op, blocks, returned, saved)
            raise _Return()
        # An `if` that ends its function (trident_tail, made by
        # _fold_early_returns) has no use for its branches' values.
        then_s, else_s = (before, before) if getattr(
            node, "trident_tail", False) else scopes
        names = []
        for n in list(then_s) + list(else_s):
            if n in names or n not in then_s or n not in else_s:
                continue
            a, b = then_s[n], else_s[n]
            if a is before.get(n) and b is before.get(n):
                continue  # untouched by both branches
            if not all(_is_value(_unwrap(v)) or
                       isinstance(_unwrap(v), (bool, numbers.Number))
                       for v in (a, b)):
                if n in before and not (_same(a, before[n]) and
                                        _same(b, before[n])):
                    raise TridentUserError(
                        "'%s' is given a compile-time value (%r) in a branch "
                        "of an 'if' whose condition is only known at run "
                        "time; only tensors can differ between the branches"
                        " (make the condition a constexpr)" %
                        (n, _unwrap(b if _same(a, before[n]) else a)))
                continue
            names.append(n)
        then_vals, else_vals, protos = [], [], []
        for n in names:
            a, b = then_s[n], else_s[n]
            if isinstance(a, tl.base_value) or isinstance(b, tl.base_value):
                if type(a) is not type(b):
                    raise TridentUserError(
                        "'%s' is a %s in the 'if' branch but a %s in the "
                        "'else' branch; both must agree" %
                        (n, type(_unwrap(a)).__name__,
                         type(_unwrap(b)).__name__))
                fa, fb = list(a._flatten()), list(b._flatten())
                for x, y in zip(fa, fb):
                    if x.type != y.type:
                        raise TridentUserError(
                            _mismatched(n, x.type, y.type))
                protos.append(a)
                then_vals.extend(fa)
                else_vals.extend(fb)
                continue
            self.b.set_insert_end(blocks[0])
            a = self.sem.to_tensor(a) if not isinstance(a, tensor) else a
            self.b.set_insert_end(blocks[1])
            b = self.sem.to_tensor(b) if not isinstance(b, tensor) else b
            if a.type != b.type:
                # Promote Python scalars to the other branch's type.
                if not isinstance(_unwrap(then_s[n]), tensor):
                    self.b.set_insert_end(blocks[0])
                    a = self.sem.cast(a, b.dtype)
                elif not isinstance(_unwrap(else_s[n]), tensor):
                    self.b.set_insert_end(blocks[1])
                    b = self.sem.cast(b, a.dtype)
            if a.type != b.type:
                self.b.restore_ip(saved)
                raise TridentUserError(_mismatched(n, a.type, b.type))
            protos.append(a)
            then_vals.append(a)
            else_vals.append(b)
        self.b.restore_ip(saved)
        new = self.b.finalize_if(op, [v.handle for v in then_vals],
                                 [v.handle for v in else_vals])
        self.scope = before
        self._bind_flat(names, protos, [tensor(self.b.result(new, i), v.type)
                                        for i, v in enumerate(then_vals)])

    def visit_While(self, node):
        if node.orelse:
            raise TridentUserError("'while ... else' is not supported")
        test_names = [n.id for n in ast.walk(node.test)
                      if isinstance(n, ast.Name)]
        names = self._carried(node.body)
        protos, inits = self._carried_values(names)
        types_ = [self.sem.type_of(v.type) for v in inits]
        op = self.b.while_([v.handle for v in inits], types_)
        saved = self.b.save_ip()
        before = dict(self.scope)
        try:
            # Region 0: evaluate the condition on the current values.
            blk = self.b.block(op, 0, 0)
            self.b.set_insert_end(blk)
            self._bind_flat(names, protos, [
                tensor(self.b.block_arg(blk, i), v.type)
                for i, v in enumerate(inits)])
            cond = self.visit(node.test)
            if not isinstance(_unwrap(cond), tensor):
                raise TridentUserError(
                    "a 'while' condition must be a tensor known at run time; "
                    "a constexpr condition would loop forever or never "
                    "(names in it: %s)" % ", ".join(test_names))
            cond = self.sem.cast(_unwrap(cond), tl.int1)
            if cond.type.is_block():
                raise TridentUserError("a 'while' condition must be a scalar")
            self.b.condition(cond.handle, [
                v.handle for n in names for v in self._flat(self.scope[n])])
            # Region 1: the body.
            blk = self.b.block(op, 1, 0)
            self.b.set_insert_end(blk)
            self._loop_body(blk, 0, names, protos, inits, before, node.body,
                            "'while' loop")
        finally:
            self.b.restore_ip(saved)
        self._bind_results(op, names, protos, inits, before)

    def visit_For(self, node):
        if node.orelse:
            raise TridentUserError("'for ... else' is not supported")
        it = node.iter
        if not isinstance(it, ast.Call):
            what = {ast.List: "a list", ast.Tuple: "a tuple",
                    ast.Name: "'%s'" % getattr(it, "id", "")}.get(
                        type(it), "this iterable")
            raise TridentUserError(
                "a kernel loop must iterate over range(...), tl.range(...) or"
                " tl.static_range(...), not over %s (to visit constexpr "
                "values, loop over tl.static_range(len(t)) and index t)" %
                what)
        fn = _unwrap(self.visit(it.func))
        args = self._elts(it.args)
        kwargs = {kw.arg: self.visit(kw.value) for kw in it.keywords}
        if fn is builtins.range:
            if kwargs:
                raise TridentUserError("range() takes no keyword arguments")
            if not 1 <= len(args) <= 3:
                raise TridentUserError(
                    "range expected at %s, got %d" % (
                        "least 1 argument" if not args else
                        "most 3 arguments", len(args)))
            rng = tl.range(*args)
        elif fn in (tl.range, tl.static_range):
            self.check_call(fn, args, kwargs, it)
            rng = fn(*args, **kwargs)
        elif fn in (builtins.enumerate, builtins.zip):
            raise TridentUserError(
                "%s() loops are not supported in a kernel: iterate over a "
                "range and index a constexpr tuple" % fn.__name__)
        else:
            raise TridentUserError(
                "a kernel loop must iterate over range(...), tl.range(...) or"
                " tl.static_range(...), not %s" %
                getattr(fn, "__name__", type(fn).__name__))
        if isinstance(rng, tl.static_range):
            if rng.step == 0:
                raise TridentUserError("tl.static_range() step must not be "
                                       "zero")
            for i in builtins.range(rng.start, rng.end, rng.step):
                self.assign(node.target, constexpr(i), node)
                self.visit_block(node.body)
            return
        if not isinstance(node.target, ast.Name):
            raise TridentUserError("a loop variable must be a plain name")
        self._dynamic_for(node, rng)

    def _dynamic_for(self, node, rng):
        """A loop over range(start, end, step) that stays a loop (scf.for).

        scf.for wants a positive step, and its lowering adds the step to the
        loop variable before comparing it with the end, so that variable
        wraps if the step takes it past the type's limit. Python's range
        takes steps of either sign and never wraps, so the loop takes one
        of three forms (each exact for every start, end and step):

        - direct: over i itself in its own type, when the step is a
          constexpr that cannot carry i past the limit (a step of 1, or a
          constexpr end that leaves room for one more step). A negative
          step runs over ~i instead (~ mirrors the type without overflow):
          range(a, b, -t) visits ~j for j in range(~a, ~b, t).
        - counted (a constexpr step that may carry i past the limit, with
          |step| >= 3 for an int32 loop; any other int64 loop): the trip
          count is computed once with unsigned arithmetic, and the loop
          counts k = 0, 1, ... with i = start + k * step (which wraps in
          between but lands on the exact value). The count fits in int32
          when |step| >= 3; an int64 count of 2**63 trips or more is capped
          at 2**63 - 1 (such a loop never ends in practice anyway).
        - wide (an int32 loop with a step known only at run time, or of
          +-2): over i widened to int64, where one more step cannot
          overflow, mirrored by xor with the step's sign mask (0 or -1,
          which LLVM folds when it knows the step's sign, e.g.
          tl.num_programs). No division, and the pipeliner's addresses stay
          those of a loop over i (a counted loop there cost registers).

        A run-time step of zero fails a device assertion (the launch
        reports it) and the loop runs no trip rather than hanging."""
        sem = self.sem
        vals = []
        for name, v in (("start", rng.start), ("end", rng.end),
                        ("step", rng.step)):
            t = sem.to_tensor(v)
            if t.type.is_block() or not t.dtype.is_int():
                raise TridentUserError("loop %s must be an integer scalar, "
                                       "got %r" % (name, t.type))
            vals.append(t)
        ub_c, st_c = _const_int(rng.end), _const_int(rng.step)
        if st_c == 0:
            raise TridentUserError("range() step must not be zero")
        # The variable's type holds every bound exactly: int64 once a bound
        # is 64 bits or a uint32 (a value above int32's range), else int32.
        needs_64 = any(t.dtype.int_bitwidth > 32 or (
            t.dtype.is_int_unsigned() and t.dtype.int_bitwidth == 32)
            for t in vals)
        ity = tl.int64 if needs_64 else tl.int32
        lb, ub, st = (sem.cast(t, ity) for t in vals)
        smax = 2 ** (ity.int_bitwidth - 1) - 1

        def const(v, ty=ity):
            w = ty.int_bitwidth
            v &= (1 << w) - 1
            return sem.scalar_constant(v - (1 << w) if v >> (w - 1) else v,
                                       ty)

        def arith(name, *xs, ty=ity):
            return sem._op("arith." + name, list(xs), ty)

        def cmp(pred, a, b):
            return tensor(self.b.cmp(False, pred, a.handle, b.handle),
                          tl.int1)

        # An int32 loop counts up to 2**32 - 1 trips: a count that fits in
        # int32 needs |step| >= 3.
        form = "counted" if ity == tl.int64 or (
            st_c is not None and abs(st_c) >= 3) else "wide"
        if st_c is not None and abs(st_c) <= smax:
            # ~ub is the end of the mirrored loop of a negative step
            hi_c = ub_c if st_c > 0 or ub_c is None else ~ub_c
            if abs(st_c) == 1 or (hi_c is not None and
                                  hi_c - 1 + abs(st_c) <= smax):
                form = "direct"
        zero = None
        if st_c is None:
            zero = cmp("eq", st, const(0))
            sem.device_assert(arith("xori", zero, const(1, tl.int1),
                                    ty=tl.int1),
                              "range() step must not be zero", None)
        # m: the mirror mask, None (i itself), -1 (~i) or a run-time value
        m = None if st_c is None or st_c > 0 else const(-1)

        def mirror(x):
            return x if m is None else arith("xori", x, m)

        if form == "direct":
            cty = ity
            k_lb, k_ub, k_st = mirror(lb), mirror(ub), const(abs(st_c))
        elif form == "wide":
            cty = tl.int64

            def widen(x):
                return arith("extsi", x, ty=cty)

            if st_c is not None:
                k_st = const(abs(st_c), cty)
            else:
                m = arith("select", cmp("slt", st, const(0)), const(-1),
                          const(0))
                m64 = widen(m)
                # |step| (2**31 for INT32_MIN), and 1 for a zero step,
                # whose loop is made empty below
                k_st = arith("select", zero, const(1, cty), arith(
                    "subi", arith("xori", widen(st), m64, ty=cty), m64,
                    ty=cty), ty=cty)
            k_lb, k_ub = widen(mirror(lb)), widen(mirror(ub))
            if zero is not None:
                k_ub = arith("select", zero, k_lb, k_ub, ty=cty)
        else:
            cty = ity
            if st_c is not None:
                pos = st_c > 0
                nonempty = cmp("slt", lb, ub) if pos else cmp("sgt", lb, ub)
                span = arith("subi", ub, lb) if pos else \
                    arith("subi", lb, ub)
                mag = const(abs(st_c))     # 2**63 for INT64_MIN: unsigned
            else:
                pos = cmp("sgt", st, const(0))
                neg = cmp("slt", st, const(0))
                nonempty = arith(
                    "ori", arith("andi", pos, cmp("slt", lb, ub), ty=tl.int1),
                    arith("andi", neg, cmp("sgt", lb, ub), ty=tl.int1),
                    ty=tl.int1)
                span = arith("select", pos, arith("subi", ub, lb),
                             arith("subi", lb, ub))
                mag = arith("select", pos, st, arith("subi", const(0), st))
                # never a division by zero (a zero step runs no trip)
                mag = arith("select", nonempty, mag, const(1))
            # trips = (span - 1) / |step| + 1 (unsigned) when not empty
            count = arith("select", nonempty, arith("addi", arith(
                "divui", arith("subi", span, const(1)), mag), const(1)),
                const(0))
            if st_c is None or abs(st_c) < 3:
                count = arith("minui", count, const(smax))
            k_lb, k_ub, k_st = const(0), count, const(1)
        names = self._carried(node.body)
        names = [n for n in names if n != node.target.id]
        protos, inits = self._carried_values(names)
        op = self.b.for_(k_lb.handle, k_ub.handle, k_st.handle,
                         [v.handle for v in inits])
        for attr, v in (("tir.num_stages", rng.num_stages),
                        ("tir.loop_unroll_factor", rng.loop_unroll_factor),
                        ("tir.flatten", rng.flatten or None),
                        ("tir.warp_specialize", rng.warp_specialize or None),
                        ("tir.disallow_acc_multi_buffer",
                         rng.disallow_acc_multi_buffer or None)):
            if v is not None:
                self.b.set_func_attr(op, attr, int(v))
        saved = self.b.save_ip()
        before = dict(self.scope)
        try:
            blk = self.b.block(op, 0, 0)
            self.b.set_insert_end(blk)
            k = tensor(self.b.block_arg(blk, 0), cty)
            if form == "counted":
                iv = arith("addi", lb, arith("muli", k, st))
            else:
                if cty != ity:
                    k = arith("trunci", k)
                iv = mirror(k)
            self.scope[node.target.id] = iv
            self._loop_body(blk, 1, names, protos, inits, before, node.body,
                            "'for' loop")
        finally:
            self.b.restore_ip(saved)
        self._bind_results(op, names, protos, inits, before)

    def _loop_body(self, blk, first_arg, names, protos, inits, before, stmts,
                   where):
        """Builds a loop body into `blk`: the carried names bound to its
        arguments from `first_arg` on, the statements, then a yield of the
        carried names' new values (same types)."""
        self._bind_flat(names, protos, [
            tensor(self.b.block_arg(blk, i + first_arg), v.type)
            for i, v in enumerate(inits)])
        self._dynamic_if_depth += 1
        try:
            self.visit_block(stmts)
        finally:
            self._dynamic_if_depth -= 1
        self._check_no_lost_constexprs(before, names, where)
        after = self._check_same(names, protos, inits,
                                 [self.scope[n] for n in names], where)
        self.b.yield_([v.handle for v in after])

    def _bind_results(self, op, names, protos, inits, before):
        """After a loop: the scope before it, with the carried names bound
        to the loop's results."""
        self.scope = before
        self._bind_flat(names, protos, [tensor(self.b.result(op, i), v.type)
                                        for i, v in enumerate(inits)])

    def visit_Break(self, node):
        raise TridentUserError("'break' is not supported in a kernel loop "
                               "(use a 'while' loop with a condition)")

    def visit_Continue(self, node):
        raise TridentUserError("'continue' is not supported in a kernel loop "
                               "(use an 'if' around the rest of the body)")

    def _visit_region_with(self, cm, item, rest, node):
        """A `with` whose manager is a region scope: its body (with the
        `with`'s remaining items) is built inside the block `_begin()`
        returns, `cm._copies()` times (each build sees `cm._copy`, its
        index, and starts from the names bound before the `with`); names
        assigned there do not leave it (with `cm._restore_names`, a name
        bound before the `with` gets its earlier value back after it)."""
        from ..language.ir import Block
        what = cm._describe()
        before = dict(self.scope)
        line = node.lineno + self.line_offset
        copies = cm._copies()
        if isinstance(copies, bool) or not isinstance(copies, int) or \
                copies < 1:
            raise TridentUserError("%s: _copies() must be a positive int, "
                                   "got %r" % (what, copies))
        assigned = set()
        for index in range(copies):
            cm._copy = index
            self.scope = dict(before)
            saved = self.b.save_ip()
            self._regions.append(what)
            try:
                blk = cm._begin()
                self.b.set_insert_end(blk.handle if isinstance(blk, Block)
                                      else blk)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, cm._as(), node)
                self._visit_with_items(rest, node)
                cm._end()
            finally:
                self._regions.pop()
                self.b.restore_ip(saved)
            assigned.update(name for name, value in self.scope.items()
                            if before.get(name, _MISSING) is not value)
        self.scope = before
        restore = bool(getattr(cm, "_restore_names", False))
        for name in assigned:
            if not (restore and name in before):
                self.scope[name] = _RegionLocal(what, line)

    def _visit_with_items(self, items, node):
        if not items:
            self.visit_block(node.body)
            return
        from ..language.ir import region_scope
        item = items[0]
        cm = _unwrap(self.visit(item.context_expr))
        if isinstance(cm, region_scope):
            self._visit_region_with(cm, item, items[1:], node)
            return
        if not hasattr(cm, "__enter__"):
            raise TridentUserError(
                "'with' needs a context manager, got %s" % type(cm).__name__)
        value = cm.__enter__()
        try:
            if item.optional_vars is not None:
                self.assign(item.optional_vars, value, node)
            self._visit_with_items(items[1:], node)
        finally:
            cm.__exit__(None, None, None)

    def visit_With(self, node):
        self._visit_with_items(list(node.items), node)

    def visit_Assert(self, node):
        cond = self.visit(node.test)
        msg = "" if node.msg is None else _unwrap(self.visit(node.msg))
        if isinstance(_unwrap(cond), tensor):
            self.sem.device_assert(cond, str(msg) or "assertion failed", None)
        elif not _unwrap(cond):
            raise TridentUserError("assertion failed: %s" % msg if msg else
                                   "assertion failed")

    def visit_Raise(self, node):
        raise TridentUserError("'raise' is not supported in a kernel (use "
                               "tl.static_assert or tl.device_assert)")

    def visit_Try(self, node):
        raise TridentUserError("'try' is not supported in a kernel")

    def visit_Global(self, node):
        raise TridentUserError("'global' is not supported in a kernel")

    visit_Nonlocal = visit_Global

    def visit_Lambda(self, node):
        raise TridentUserError("lambdas are not supported in a kernel: "
                               "define a @trident.jit function")

    def visit_ListComp(self, node):
        """`[f(v) for v in t if c]` over compile-time iterables (a tuple of
        values, a constexpr tuple, tl.static_range), unrolled: a list of
        the values (`tl.tuple([v + 1 for v in values])`)."""
        out = []
        saved = dict(self.scope)

        def run(generators):
            if not generators:
                out.append(self.visit(node.elt))
                return
            gen = generators[0]
            if gen.is_async:
                raise TridentUserError("async comprehensions are not "
                                       "supported in a kernel")
            it = gen.iter
            if isinstance(it, ast.Call) and _unwrap(
                    self.visit(it.func)) is builtins.range:
                raise TridentUserError(
                    "a comprehension in a kernel iterates over a tuple or "
                    "tl.static_range(...) known at compile time, not "
                    "range(...)")
            items = _unwrap(self.visit(it))
            if isinstance(items, tl.static_range):
                items = builtins.range(items.start, items.end, items.step)
            if _is_value(items) or not isinstance(
                    items, (tuple, list, builtins.range)):
                raise TridentUserError(
                    "a comprehension in a kernel iterates over a tuple or "
                    "tl.static_range(...) known at compile time, not %s" %
                    ("a tensor" if _is_value(items) else
                     type(items).__name__))
            for item in items:
                self.assign(gen.target, item if _is_value(item) or
                            isinstance(item, tuple) else constexpr(item),
                            node)
                keep = True
                for cond in gen.ifs:
                    c = _unwrap(self.visit(cond))
                    if _is_value(c):
                        raise TridentUserError(
                            "a comprehension's 'if' in a kernel must be "
                            "known at compile time, not a tensor")
                    keep = keep and bool(c)
                if keep:
                    run(generators[1:])

        try:
            run(node.generators)
        finally:
            # (its names are its own, as in Python)
            self.scope.clear()
            self.scope.update(saved)
        return out

    def visit_GeneratorExp(self, node):
        raise TridentUserError("generator expressions are not supported in "
                               "a kernel (use a list comprehension over a "
                               "tuple, or tl.static_range)")

    visit_DictComp = visit_GeneratorExp
    visit_SetComp = visit_GeneratorExp


# ---------------------------------------------------------------------------
# Python built-ins inside kernels
# ---------------------------------------------------------------------------


def _plain_name(node):
    """Whether `node` is a name or a chain of attributes of one."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _carryable(v):
    """Whether a loop can carry `v`: tensors, plugin values, Python numbers
    and tuples of them."""
    if _is_value(v):
        return True
    if isinstance(v, (tuple, list)):
        return len(v) > 0 and all(_carryable(e) for e in v)
    return isinstance(_unwrap(v), numbers.Number)


def _count(p):
    """How many tensors carry a value of prototype `p`."""
    if isinstance(p, tensor):
        return 1
    if isinstance(p, tl.base_value):
        return len(p._flatten())
    return sum(_count(e) for e in p)


def _rebuild(p, ts):
    """A value of prototype `p` from its carrying tensors `ts`."""
    if isinstance(p, tensor):
        return ts[0]
    if isinstance(p, tl.base_value):
        return p._unflatten(list(ts))
    out, k = [], 0
    for e in p:
        c = _count(e)
        out.append(_rebuild(e, ts[k:k + c]))
        k += c
    return same_kind(p, out)


def _same(a, b):
    """Whether two compile-time values are the same (constexprs by value)."""
    if a is b:
        return True
    a, b = _unwrap(a), _unwrap(b)
    if a is b:
        return True
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - incomparable objects differ
        return False


def _const_int(v):
    """`v` as a Python int when it is a compile-time integer, else None."""
    v = _unwrap(v)
    if isinstance(v, numbers.Integral) and not isinstance(v, bool):
        return int(v)
    return None


def _signature_mistake(fn, args, kwargs):
    """What is wrong with calling `fn(*args, **kwargs)` as far as `fn`'s
    signature tells (in the words Python uses for such calls), or None
    when the arguments bind, or when `fn` has no signature to check.

    Checking before the call tells a user's wrong arity or keyword apart
    from a TypeError raised inside a built-in that was called correctly
    (which is a bug of the front end)."""
    import inspect
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    P = inspect.Parameter
    params = list(sig.parameters.values())
    positional = [p for p in params
                  if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    has_var_pos = any(p.kind == P.VAR_POSITIONAL for p in params)
    has_var_kw = any(p.kind == P.VAR_KEYWORD for p in params)
    # Parameters with a default and a leading underscore are the
    # implementation's (tl.math's `_builder`): not the user's to fill by
    # position, nor to count in a message.
    shown = [p for p in positional
             if not (p.name.startswith("_") and p.default is not P.empty)]
    try:
        sig.bind(*args, **kwargs)
        if has_var_pos or len(args) <= len(shown):
            return None
        fallback = "too many positional arguments"
    except TypeError as e:
        fallback = str(e)

    def plural(n, word):
        return "%d %s%s" % (n, word, "" if n == 1 else "s")

    def names(ns):
        quoted = ["'%s'" % n for n in ns]
        if len(quoted) == 1:
            return quoted[0]
        return ", ".join(quoted[:-1]) + " and " + quoted[-1]

    if len(args) > len(shown) and not has_var_pos:
        least = sum(1 for p in shown if p.default is P.empty)
        most = len(shown)
        takes = str(most) if least == most else \
            "from %d to %d" % (least, most)
        return "takes %s positional argument%s but %d %s given" % (
            takes, "" if most == 1 else "s", len(args),
            "was" if len(args) == 1 else "were")
    by_name = {p.name: p for p in params}
    for p in positional[:len(args)]:
        if p.name in kwargs and p.kind != P.POSITIONAL_ONLY:
            return "got multiple values for argument '%s'" % p.name
    pos_only_kw = [k for k in kwargs if k in by_name and
                   by_name[k].kind == P.POSITIONAL_ONLY]
    if pos_only_kw and not has_var_kw:
        return ("got some positional-only arguments passed as keyword "
                "arguments: %s" % names(pos_only_kw))
    for k in kwargs:
        p = by_name.get(k)
        if (p is None or p.kind in (P.VAR_POSITIONAL, P.VAR_KEYWORD)) and \
                not has_var_kw:
            import difflib
            known = [q.name for q in params
                     if q.kind in (P.POSITIONAL_OR_KEYWORD, P.KEYWORD_ONLY)
                     and not q.name.startswith("_")]
            close = difflib.get_close_matches(k, known, n=1)
            return "got an unexpected keyword argument '%s'%s" % (
                k, " (did you mean '%s'?)" % close[0] if close else "")
    given = {p.name for p in positional[:len(args)]} | set(kwargs)
    for kinds, what in (((P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD),
                         "positional argument"),
                        ((P.KEYWORD_ONLY,), "keyword-only argument")):
        missing = [p.name for p in params if p.kind in kinds and
                   p.default is P.empty and p.name not in given]
        if missing:
            return "missing %s: %s" % (plural(len(missing),
                                                "required " + what),
                                       names(missing))
    return fallback


def _callee_name(fn, node):
    """How the user spelled the callee of call `node` (`tl.maximum`,
    `x.to`), for messages; `fn`'s own name when there is no node."""
    func = getattr(node, "func", None)
    if func is not None:
        try:
            return ast.unparse(func)
        except Exception:  # noqa: BLE001 - only a name for a message
            pass
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
    return name or type(fn).__name__


def _hashable(x):
    try:
        hash(x)
        return True
    except TypeError:
        return False


def _py_minmax(which):
    def impl(gen, args, kwargs):
        if kwargs:
            raise TridentUserError("%s() in a kernel takes no keyword "
                                   "arguments" % which)
        if len(args) == 1:
            args = list(_unwrap(args[0]))
        if len(args) < 2:
            raise TridentUserError("%s() needs at least two values" % which)
        if not any(_is_value(_unwrap(a)) for a in args):
            fn = builtins.min if which == "min" else builtins.max
            return constexpr(fn(_unwrap(a) for a in args))
        out = args[0]
        for a in args[1:]:
            out = gen.sem.minmax(out, a, which, None)
        return out
    return impl


def _py_abs(gen, args, kwargs):
    (x,) = args
    if _is_value(_unwrap(x)):
        return gen.sem.abs(x)
    return constexpr(builtins.abs(_unwrap(x)))


def _py_len(gen, args, kwargs):
    (x,) = args
    x = _unwrap(x)
    if isinstance(x, tensor):
        return constexpr(len(x))
    return constexpr(len(x))


def _py_conv(kind):
    def impl(gen, args, kwargs):
        if len(args) != 1:
            raise TridentUserError("%s() in a kernel takes one argument" %
                                   kind.__name__)
        x = _unwrap(args[0])
        if isinstance(x, tensor):
            target = {builtins.int: tl.int32, builtins.float: tl.float32,
                      builtins.bool: tl.int1}[kind]
            return gen.sem.cast(x, target)
        return constexpr(kind(x))
    return impl


def _py_print(gen, args, kwargs):
    """print(...) in a kernel is tl.device_print, as in Triton: a leading
    string is the prefix (print("no arg") prints at run time too)."""
    prefix = ""
    vals = list(args)
    if vals and isinstance(_unwrap(vals[0]), str):
        prefix = _unwrap(vals.pop(0))
    return gen.sem.device_print(prefix, vals, False)


def _py_isinstance(gen, args, kwargs):
    x, t = args
    return constexpr(builtins.isinstance(_unwrap(x), _unwrap(t)))


def _py_range(gen, args, kwargs):
    raise TridentUserError("range() is only allowed as the iterator of a "
                           "'for' loop")


_PY_BUILTINS = {
    builtins.min: _py_minmax("min"), builtins.max: _py_minmax("max"),
    builtins.abs: _py_abs, builtins.len: _py_len,
    builtins.int: _py_conv(builtins.int),
    builtins.float: _py_conv(builtins.float),
    builtins.bool: _py_conv(builtins.bool), builtins.print: _py_print,
    builtins.isinstance: _py_isinstance, builtins.range: _py_range,
}

del inspect, _pymath
