//===- Passes.h - Trident conversion passes ---------------------*- C++ -*-===//
#ifndef TRIDENT_CONVERSION_PASSES_H
#define TRIDENT_CONVERSION_PASSES_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace trident {
#define GEN_PASS_DECL
#include "trident/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

#endif
