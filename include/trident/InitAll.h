//===- InitAll.h - Register Trident's core dialects and passes --*- C++ -*-===//
#ifndef TRIDENT_INITALL_H
#define TRIDENT_INITALL_H

namespace mlir {
class DialectRegistry;
}

namespace trident {

/// Adds the core dialects (Tile IR and the upstream dialects the pipelines
/// use) to `registry`.
void registerCoreDialects(mlir::DialectRegistry &registry);
/// Registers the core passes and the upstream passes that pipelines use with
/// MLIR's global pass registry, and the core's translation steps (see
/// Compiler/TranslationStep.h). Safe to call more than once.
void registerCorePasses();

} // namespace trident

#endif
