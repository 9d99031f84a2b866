//===- TileIR.h - Tile IR dialect -------------------------------*- C++ -*-===//
#ifndef TRIDENT_DIALECT_TILEIR_IR_TILEIR_H
#define TRIDENT_DIALECT_TILEIR_IR_TILEIR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trident/Dialect/TileIR/IR/TileIRDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TileIR/IR/TileIRTypes.h.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/TileIR/IR/TileIROps.h.inc"

#endif // TRIDENT_DIALECT_TILEIR_IR_TILEIR_H
