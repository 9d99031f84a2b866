"""Loads a tutorial written for `triton.language` twice from one source: as
written (Triton) and with its imports rewritten to Trident's.

What is kept of the file is what the names a case asks for (its roots:
host wrappers, kernels) need, found by following names: a statement at the
top of the module is kept when it binds a name that a kept statement reads.
A name read while the module runs (decorators, default values, class
bodies, right-hand sides) is bound by the statements before it; a name read
inside a function body is bound by the module's last binding of it. The
demo code of a tutorial (tensors made at the top level, prints, plots,
`benchmark.run(...)`, `if __name__ == "__main__":`) binds nothing that a
kernel or a wrapper reads, so it is left out; nothing is matched by name.

The code is compiled from the tutorial's own file name and line numbers, so
both compilers read each kernel's source from the file itself, and error
messages point into it.
"""
import ast
import sys
import types


def _bound_names(target):
    """Names that assigning to `target` binds."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(_bound_names(e) for e in target.elts))
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return set()  # attributes and subscripts bind no name


def binds(stmt):
    """Names a module-level statement binds (those of nested statements of
    an if/try/for/with too; not those inside functions and classes)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef,
                         ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    names = set()
    if isinstance(stmt, ast.Assign):
        for t in stmt.targets:
            names |= _bound_names(t)
    elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
        names |= _bound_names(stmt.target)
    elif isinstance(stmt, (ast.For, ast.AsyncFor)):
        names |= _bound_names(stmt.target)
    elif isinstance(stmt, (ast.With, ast.AsyncWith)):
        for item in stmt.items:
            if item.optional_vars is not None:
                names |= _bound_names(item.optional_vars)
    for field in ("body", "orelse", "finalbody"):
        for s in getattr(stmt, field, ()):
            names |= binds(s)
    for handler in getattr(stmt, "handlers", ()):
        if handler.name:
            names.add(handler.name)
        for s in handler.body:
            names |= binds(s)
    return names


def _function_locals(fn):
    """Names local to function or lambda `fn` and the scopes nested in it
    (parameters, assignments, imports, nested defs, comprehension targets):
    reading them reads no global."""
    names = set()
    declared_global = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx,
                                                       (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                               ast.ClassDef)) and node is not fn:
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.Global):
            declared_global |= set(node.names)
    return names - declared_global


def _loads(node):
    return {n.id for n in ast.walk(node)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def reads(stmt):
    """(eager, lazy): the global names a module-level statement reads while
    the module runs, and those read later, inside function bodies."""
    eager, lazy = set(), set()

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in node.decorator_list:
                visit(d)
            for d in node.args.defaults + [d for d in node.args.kw_defaults
                                           if d is not None]:
                visit(d)
            for arg in ast.walk(node.args):
                if isinstance(arg, ast.arg) and arg.annotation is not None:
                    visit(arg.annotation)
            local = _function_locals(node)
            for stmt in node.body:
                lazy.update(_loads(stmt) - local)
        elif isinstance(node, ast.Lambda):
            for d in node.args.defaults:
                visit(d)
            lazy.update(_loads(node.body) - _function_locals(node))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp,
                               ast.GeneratorExp)):
            eager.update(_loads(node) - _function_locals(node))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            eager.add(node.id)
        else:
            for child in ast.iter_child_nodes(node):
                visit(child)

    visit(stmt)
    return eager, lazy


def _unconditional(stmt):
    """Whether executing `stmt` surely binds each name it binds."""
    return isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.ClassDef, ast.Import, ast.ImportFrom,
                             ast.Assign, ast.AnnAssign))


def keep_statements(tree, roots, drop=()):
    """The module-level statements of `tree` that the names `roots` need,
    in source order; the statements binding a name of `drop` are left out
    (and so is what only they need)."""
    body = tree.body
    info = [(binds(s), *reads(s)) for s in body]

    def binders(name, before):
        """Indices of the statements that may have bound `name` when
        statement `before` runs (len(body): after the module ran)."""
        out = []
        for i in range(before - 1, -1, -1):
            if name in info[i][0] and not (info[i][0] & set(drop)):
                out.append(i)
                if _unconditional(body[i]):
                    break
        return out

    kept = set()
    todo = [i for name in roots for i in binders(name, len(body))]
    missing = [name for name in roots if not binders(name, len(body))]
    if missing:
        raise KeyError("not defined at the top of the tutorial: %s" %
                       ", ".join(missing))
    while todo:
        i = todo.pop()
        if i in kept:
            continue
        kept.add(i)
        _, eager, lazy = info[i]
        for name in eager:
            todo.extend(binders(name, i))
        for name in lazy:
            todo.extend(binders(name, len(body)))
    return [body[i] for i in sorted(kept)]


def _rename(module_name, package):
    if module_name == "triton" or module_name.startswith("triton."):
        return package + module_name[len("triton"):]
    return module_name


class _ToPackage(ast.NodeTransformer):
    """Rewrites imports of `triton` and its submodules to `package`, binding
    the same names: `import triton` -> `import trident as triton`,
    `import triton.language as tl` -> `import trident.language as tl`,
    `from triton.x import y` -> `from trident.x import y`."""

    def __init__(self, package):
        self.package = package

    def visit_Import(self, node):
        out = []
        for alias in node.names:
            name = _rename(alias.name, self.package)
            if name == alias.name:
                out.append(ast.Import([alias]))
            elif alias.asname:
                out.append(ast.Import([ast.alias(name, alias.asname)]))
            else:
                # `import triton.x` binds `triton` (the package) and loads
                # the submodule: the same as two imports.
                if "." in name:
                    out.append(ast.Import([ast.alias(name, None)]))
                out.append(ast.Import([ast.alias(self.package, "triton")]))
        for new in out:
            ast.copy_location(new, node)
            for alias in new.names:
                ast.copy_location(alias, node)
        return out

    def visit_ImportFrom(self, node):
        if node.level == 0 and node.module:
            node.module = _rename(node.module, self.package)
        return node


def rewrite_imports(tree, package="trident"):
    """`tree` (a module) with its imports of triton made imports of
    `package`; nested imports (inside functions) too."""
    tree = _ToPackage(package).visit(tree)
    return ast.fix_missing_locations(tree)


def load(path, roots, side, drop=()):
    """The tutorial at `path` as a module holding what `roots` need;
    side "triton" keeps its imports, "trident" rewrites them."""
    with open(path) as f:
        source = f.read()
    tree = ast.parse(source, filename=path)
    tree.body = keep_statements(tree, roots, drop)
    if side == "trident":
        tree = rewrite_imports(tree)
    elif side != "triton":
        raise ValueError("side must be 'triton' or 'trident', not %r" % side)
    name = "peer_%s_%s" % (side, "".join(c if c.isalnum() else "_" for c in
                                         path.rsplit("/", 1)[-1][:-3]))
    module = types.ModuleType(name)
    module.__file__ = path
    sys.modules[name] = module  # dataclasses and pickling look it up
    exec(compile(tree, path, "exec"), module.__dict__)
    return module


def kept_source(path, roots, drop=()):
    """The kept statements, as source text (for --show-source)."""
    with open(path) as f:
        source = f.read()
    tree = ast.parse(source)
    return "\n\n".join(ast.get_source_segment(source, s)
                       for s in keep_statements(tree, roots, drop))
