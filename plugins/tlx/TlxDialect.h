//===- TlxDialect.h - The tlx dialect ---------------------------*- C++ -*-===//
#ifndef TLX_PLUGIN_DIALECT_H
#define TLX_PLUGIN_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TlxDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TlxTypes.h.inc"

#define GET_OP_CLASSES
#include "TlxOps.h.inc"

#endif
