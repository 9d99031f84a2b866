//===- LLVMAtomics.h - Tile IR atomics in LLVM terms ------------*- C++ -*-===//
//
// How tir.atomic_rmw's kind and memory semantics map to the LLVM dialect's
// atomicrmw operation and orderings: one table for every back end that
// lowers Tile IR atomics to LLVM (GPU and CPU).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_LLVMATOMICS_H
#define TRIDENT_LIB_CONVERSION_LLVMATOMICS_H

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <optional>

namespace trident::conversion {

/// The ordering of an atomic with Tile IR semantics `sem`.
inline mlir::LLVM::AtomicOrdering atomicOrdering(tir::MemSemantic sem) {
  using mlir::LLVM::AtomicOrdering;
  switch (sem) {
  case tir::MemSemantic::Relaxed:
    return AtomicOrdering::monotonic;
  case tir::MemSemantic::Acquire:
    return AtomicOrdering::acquire;
  case tir::MemSemantic::Release:
    return AtomicOrdering::release;
  case tir::MemSemantic::AcqRel:
    return AtomicOrdering::acq_rel;
  }
  return AtomicOrdering::acq_rel;
}

/// The atomicrmw operation of `kind` on elements of type `element`
/// (integer kinds take the float form on floats).
inline std::optional<mlir::LLVM::AtomicBinOp>
atomicBinOp(tir::RMWKind kind, mlir::Type element) {
  using mlir::LLVM::AtomicBinOp;
  bool isFloat = mlir::isa<mlir::FloatType>(element);
  switch (kind) {
  case tir::RMWKind::Add:
    return isFloat ? AtomicBinOp::fadd : AtomicBinOp::add;
  case tir::RMWKind::FAdd:
    return AtomicBinOp::fadd;
  case tir::RMWKind::Max:
    return isFloat ? AtomicBinOp::fmax : AtomicBinOp::max;
  case tir::RMWKind::Min:
    return isFloat ? AtomicBinOp::fmin : AtomicBinOp::min;
  case tir::RMWKind::UMax:
    return AtomicBinOp::umax;
  case tir::RMWKind::UMin:
    return AtomicBinOp::umin;
  case tir::RMWKind::And:
    return AtomicBinOp::_and;
  case tir::RMWKind::Or:
    return AtomicBinOp::_or;
  case tir::RMWKind::Xor:
    return AtomicBinOp::_xor;
  case tir::RMWKind::Xchg:
    return AtomicBinOp::xchg;
  }
  return std::nullopt;
}

} // namespace trident::conversion

#endif
