//===- GPUIR.h - GPU IR dialect ---------------------------------*- C++ -*-===//
//
// The `gir` dialect: layout encodings for tiles and the operations that only
// exist once tiles have layouts.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_GPUIR_IR_GPUIR_H
#define TRIDENT_DIALECT_GPUIR_IR_GPUIR_H

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trident/Dialect/GPUIR/IR/GPUIRDialect.h.inc"
#include "trident/Dialect/GPUIR/IR/GPUIRAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIRAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIRTypes.h.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIROps.h.inc"

namespace trident::gir {

/// Warps per program recorded on `module` (gir.num_warps), or 4 when absent.
unsigned getNumWarps(mlir::ModuleOp module);
/// Lanes per warp recorded on `module` (gir.threads_per_warp), or 32.
unsigned getThreadsPerWarp(mlir::ModuleOp module);

/// The distributed encoding of `type` if it is a tensor that has one.
DistributedEncodingAttr getDistributedEncoding(mlir::Type type);

} // namespace trident::gir

#endif // TRIDENT_DIALECT_GPUIR_IR_GPUIR_H
