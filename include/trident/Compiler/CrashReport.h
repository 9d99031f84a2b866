//===- CrashReport.h - Whose crash it was, and where to report it -*- C++ -*-===//
//
// What a failure caught by runGuarded (Support/Guard.h) is reported as. A
// plugin is blamed only when its code was on the failing stack (the frames
// the guard recorded, resolved with dladdr against the loaded plugins'
// libraries) or its pass was running; anything else is Trident's (or MLIR's,
// which Trident is built on), and the report says which pass was running and
// asks for a Trident bug report.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_CRASHREPORT_H
#define TRIDENT_COMPILER_CRASHREPORT_H

#include "trident/Support/Guard.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace trident {

struct LoadedPlugin;

/// The loaded plugin whose library holds the innermost of `frames` that is
/// in any plugin's library, or null. `frame` (if given) receives that frame.
const LoadedPlugin *pluginOwningFrames(llvm::ArrayRef<const void *> frames,
                                       const void **frame = nullptr);

struct CrashReport {
  /// Who failed: "pass 'x' of plugin 'p' (path)", "code of plugin 'p'
  /// (path), called by core pass 'y'", "core pass 'y'"; empty when no pass
  /// ran and no plugin code was on the stack (the caller knows what ran).
  std::string who;
  /// "crashed", "ran out of memory", "hit an LLVM fatal error".
  std::string verb;
  /// What and where: "SIGSEGV (invalid memory access) in mlir::Foo::bar()
  /// (libTridentCore.so.0.1)".
  std::string detail;
  /// Whether a plugin is to blame.
  bool plugin = false;
  /// Whether the failing code is MLIR's or LLVM's: no plugin's and no
  /// function of namespace trident on the failing stack.
  bool inMLIR = false;
  /// "" for a plugin's failure or an allocation failure; else a sentence
  /// that this is a bug in Trident and where to report it.
  std::string advice;

  /// "<who> <verb> <context> (<detail>)<advice>", `who` defaulting to
  /// `nobody`.
  std::string str(llvm::StringRef context, llvm::StringRef nobody = "") const;
};

/// The report of `failure`, caught while pass `pass` (a flag, or "") was
/// the innermost pass running.
CrashReport analyzeCrash(const GuardFailure &failure, llvm::StringRef pass);

/// The first construct in `source` that is known to crash MLIR 22's parser
/// instead of being refused (brackets, and runs of unary minus signs
/// inside them, nested deeper than TRIDENT_PARSE_MAX_DEPTH, 512 by default,
/// 0 for no limit; a dense array of `index`, `array<index: 1>`),
/// as an error "<bufferName>:<line>:<col>: ..." quoting the line, or
/// success.
llvm::Error checkKnownParserCrashes(llvm::StringRef source,
                                    llvm::StringRef bufferName);

} // namespace trident

#endif
