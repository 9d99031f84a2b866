//===- RegionArgHints.h - Axis hints on loop arguments ----------*- C++ -*-===//
//
// An axis hint (tl.multiple_of, tl.max_contiguous, tl.max_constancy) on a
// value that is an argument of a region's entry block (an scf.for's
// induction variable or iteration argument, an scf.while's arguments) is
// recorded on the region's operation, since a block argument has no
// attributes of its own:
//
//   scf.for ... iter_args(%acc = ..., %p = ...) {
//     ...
//   } {tir.region_arg_hints =
//        [[{}, {}, {tir.divisibility = array<i32: 16, 16>}]]}
//
// The attribute holds one array per region of the operation, and each
// array one dictionary of hints per argument of that region's entry block
// (in block-argument order: an scf.for's induction variable is #0). The
// array's length is part of the record: when a region's argument count is
// no longer the array's length (a pass that knows nothing of the hints
// rebuilt the operation with fewer or more arguments, as MLIR's scf.for
// canonicalization does when it drops an unused iteration argument, copying
// the operation's attributes), that region's hints are stale and are
// ignored: they can no longer be matched to their arguments. Trident's own
// passes that rebuild loops carry the hints over (getRegionArgHintList,
// setRegionArgHintList, addAxisHintsToOp).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_TILEIR_IR_REGIONARGHINTS_H
#define TRIDENT_DIALECT_TILEIR_IR_REGIONARGHINTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace trident::tir {

/// The name of the attribute: `tir.region_arg_hints`.
inline constexpr llvm::StringLiteral kRegionArgHintsAttrName =
    "tir.region_arg_hints";

/// Whether a hint may be put on `arg`: an argument of the entry block of a
/// region of an scf.for or scf.while.
bool canHintRegionArg(mlir::BlockArgument arg);

/// The hints of argument `argIndex` of region `regionIndex` of `op`, or
/// null (none, or stale).
mlir::DictionaryAttr getRegionArgHints(mlir::Operation *op,
                                       unsigned regionIndex,
                                       unsigned argIndex);
/// The hints of `arg`, an argument of a region's entry block, or null.
mlir::DictionaryAttr getRegionArgHints(mlir::BlockArgument arg);

/// Records the hint `name` = `value` for `arg` (canHintRegionArg(arg)),
/// replacing one of that name; stale hints of the operation are dropped.
void setRegionArgHint(mlir::BlockArgument arg, llvm::StringRef name,
                      mlir::Attribute value);

/// The hints of every argument of region `regionIndex` of `op`, a null
/// entry for an argument without any; empty when the region has none (or
/// only stale ones).
llvm::SmallVector<mlir::DictionaryAttr>
getRegionArgHintList(mlir::Operation *op, unsigned regionIndex);

/// Sets the hints of the arguments of region `regionIndex` of `op`: one
/// entry per argument (null: none), or an empty list for none at all.
/// Other regions' hints are kept if current, dropped if stale. A pass that
/// rebuilds a loop with other arguments reads the old loop's list and sets
/// the new loop's, moved along with its arguments (the new loop may have
/// a stale copy among the attributes it was given).
void setRegionArgHintList(mlir::Operation *op, unsigned regionIndex,
                          llvm::ArrayRef<mlir::DictionaryAttr> hints);

/// Puts the axis hints `hints` (an argument's) on `op`, whose first result
/// holds the argument's value (a pass that replaces a loop argument by a
/// computed value); a hint `op` has already is raised to the larger one.
void addAxisHintsToOp(mlir::Operation *op, mlir::DictionaryAttr hints);

/// Verifies a `tir.region_arg_hints` attribute `value` on `op`.
mlir::LogicalResult
verifyRegionArgHints(mlir::Operation *op, mlir::Attribute value,
                     llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

} // namespace trident::tir

#endif // TRIDENT_DIALECT_TILEIR_IR_REGIONARGHINTS_H
