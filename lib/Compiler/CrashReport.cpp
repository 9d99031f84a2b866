//===- CrashReport.cpp - Whose crash it was, and where to report it -------===//
#include "trident/Compiler/CrashReport.h"

#include "trident/Compiler/PassTracker.h"
#include "trident/Plugin/PluginManager.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>
#include <optional>

using namespace llvm;

namespace trident {

namespace {

/// The base address of the shared object holding `address`, or null.
const void *objectBase(const void *address) {
  Dl_info info;
  return dladdr(address, &info) ? info.dli_fbase : nullptr;
}

/// Whether `address` is in the C or C++ runtime (where raise, abort,
/// operator new and std::terminate live), which says nothing of whose code
/// failed.
bool inRuntime(const void *address) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_fname)
    return true;
  StringRef name = sys::path::filename(info.dli_fname);
  return name.starts_with("libc.so") || name.starts_with("libstdc++") ||
         name.starts_with("libgcc_s") || name.starts_with("libc++") ||
         name.starts_with("ld-linux");
}

/// The innermost frame outside the runtimes, or null.
const void *faultingFrame(ArrayRef<const void *> frames) {
  for (const void *frame : frames)
    if (!inRuntime(frame))
      return frame;
  return nullptr;
}

/// The demangled name of the exported function holding `address`, or "".
std::string symbolOf(const void *address) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_sname)
    return "";
  return demangle(info.dli_sname);
}

/// The innermost frame from `fault` on that has a name (code in an
/// anonymous namespace has none), or "".
std::string innermostNamed(ArrayRef<const void *> frames, const void *fault) {
  bool seen = false;
  for (const void *frame : frames) {
    seen = seen || frame == fault;
    if (seen && !inRuntime(frame))
      if (std::string name = symbolOf(frame); !name.empty())
        return name;
  }
  return "";
}

std::string verbOf(const GuardFailure &failure) {
  switch (failure.kind) {
  case GuardFailure::Kind::OutOfMemory:
    return "ran out of memory";
  case GuardFailure::Kind::FatalError:
    return "hit an LLVM fatal error";
  case GuardFailure::Kind::Signal:
  case GuardFailure::Kind::Terminate:
    break;
  }
  return "crashed";
}

} // namespace

const LoadedPlugin *pluginOwningFrames(ArrayRef<const void *> frames,
                                       const void **frame) {
  std::vector<std::pair<const void *, const LoadedPlugin *>> bases;
  for (const LoadedPlugin *p : PluginManager::instance().plugins())
    if (const void *base = objectBase(p->info))
      bases.emplace_back(base, p);
  if (bases.empty())
    return nullptr;
  for (const void *f : frames) {
    const void *base = objectBase(f);
    for (const auto &[pluginBase, plugin] : bases)
      if (base && base == pluginBase) {
        if (frame)
          *frame = f;
        return plugin;
      }
  }
  return nullptr;
}

CrashReport analyzeCrash(const GuardFailure &failure, StringRef pass) {
  CrashReport r;
  r.verb = verbOf(failure);
  r.detail = failure.kind == GuardFailure::Kind::OutOfMemory
                 ? failure.reason
                 : failure.summary();
  const void *pluginFrame = nullptr;
  const LoadedPlugin *plugin = pluginOwningFrames(failure.frames, &pluginFrame);
  const LoadedPlugin *passOwner =
      pass.empty() ? nullptr : PluginManager::instance().ownerOfPass(pass);
  const void *fault = pluginFrame ? pluginFrame : faultingFrame(failure.frames);
  if (fault) {
    std::string where = describeCodeAddress(fault);
    std::string named = innermostNamed(failure.frames, fault);
    if (!where.empty())
      r.detail += " in " + where;
    if (!named.empty() && !StringRef(where).starts_with(named))
      r.detail += ", under " + named;
  }
  // MLIR's (or LLVM's) unless a plugin's or Trident's own functions (its
  // dialects' hooks, say) were running; the guard's own frame aside.
  r.inMLIR = !pluginFrame && llvm::none_of(failure.frames, [](const void *f) {
    std::string name = symbolOf(f);
    return StringRef(name).starts_with("trident::") &&
           !StringRef(name).starts_with("trident::runGuarded");
  });
  if (plugin) {
    r.plugin = true;
    if (plugin == passOwner)
      r.who = describePass(pass);
    else
      r.who = "code of plugin '" + plugin->name + "' (" + plugin->path + ")" +
              (pass.empty() ? "" : ", called by " + describePass(pass) + ",");
    return r;
  }
  if (passOwner) {
    r.plugin = true;
    r.who = describePass(pass);
    return r;
  }
  if (!pass.empty())
    r.who = describePass(pass);
  if (failure.kind != GuardFailure::Kind::OutOfMemory)
    r.advice = "; no plugin code was running: this is a bug in Trident (or "
               "in MLIR or LLVM, which it is built on); please report it to " +
               bugReportPlace().str() + " with the input and the command line";
  return r;
}

std::string CrashReport::str(StringRef context, StringRef nobody) const {
  std::string s = who.empty() ? nobody.str() : who;
  s += " " + verb;
  if (!context.empty())
    s += " " + context.str();
  if (!detail.empty())
    s += " (" + detail + ")";
  return s + advice;
}

namespace {

bool isIdentChar(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

/// Skips blanks and `//` comments from `i`. MLIR's lexer skips NUL bytes
/// as it skips blanks.
size_t skipTrivia(StringRef s, size_t i) {
  while (i < s.size()) {
    if (isspace(static_cast<unsigned char>(s[i])) || s[i] == '\0') {
      ++i;
    } else if (s.substr(i).starts_with("//")) {
      size_t eol = s.find('\n', i);
      i = eol == StringRef::npos ? s.size() : eol + 1;
    } else {
      break;
    }
  }
  return i;
}

/// The identifier (letters, digits, `_`, `.`, `$`, `-`) that starts at `i`.
StringRef identAt(StringRef s, size_t i) {
  size_t j = i;
  while (j < s.size() && (isIdentChar(s[j]) || StringRef(".$-").contains(s[j])))
    ++j;
  return s.slice(i, j);
}

/// The names of the type aliases (`!name = index`, or `!name = !other` of
/// such an alias) that stand for `index`. Found lexically anywhere (a
/// superset of the real definitions), with blanks, comments and NUL bytes
/// between the tokens, as MLIR's lexer allows.
StringSet<> indexAliases(StringRef source) {
  StringMap<std::string> aliasOf; // alias name -> what it names
  for (size_t i = source.find('!'); i != StringRef::npos;
       i = source.find('!', i + 1)) {
    StringRef name = identAt(source, i + 1);
    if (name.empty())
      continue;
    size_t j = skipTrivia(source, i + 1 + name.size());
    if (j >= source.size() || source[j] != '=')
      continue;
    j = skipTrivia(source, j + 1);
    bool alias = j < source.size() && source[j] == '!';
    StringRef target = identAt(source, alias ? j + 1 : j);
    if (!target.empty())
      aliasOf[name] = ((alias ? "!" : "") + target).str();
  }
  StringSet<> result;
  for (const auto &entry : aliasOf) {
    std::string t = entry.second;
    for (int hops = 0; hops < 64 && StringRef(t).starts_with("!"); ++hops) {
      auto it = aliasOf.find(StringRef(t).drop_front());
      if (it == aliasOf.end())
        break;
      t = it->second;
    }
    if (t == "index")
      result.insert(entry.first());
  }
  return result;
}

/// An error at `at` in `source`, quoting its line.
Error errorAt(StringRef source, StringRef bufferName, const char *at,
              const Twine &message) {
  llvm::SourceMgr mgr;
  mgr.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(source, bufferName, false),
                         SMLoc());
  std::string text;
  raw_string_ostream os(text);
  mgr.PrintMessage(os, SMLoc::getFromPointer(at), SourceMgr::DK_Error, message,
                   {}, {}, /*ShowColors=*/false);
  return createStringError(StringRef(text).rtrim());
}

/// TRIDENT_PARSE_MAX_DEPTH, or kDefaultMaxNesting; 0 turns the check off.
unsigned maxNesting() {
  constexpr unsigned kDefaultMaxNesting = 512;
  const char *v = std::getenv("TRIDENT_PARSE_MAX_DEPTH");
  unsigned n;
  if (!v || !*v || StringRef(v).getAsInteger(10, n))
    return kDefaultMaxNesting;
  return n;
}

/// MLIR's parser recurses once per level of brackets (attributes, types,
/// regions), over a kilobyte of stack each: a few thousand levels exhaust
/// an 8 MiB stack. Brackets are counted lexically outside string literals
/// and comments; `->`, `>=` and `<=` are not brackets. The affine
/// expression parser also recurses once per unary minus (`- - - d0`): a
/// run of minus signs (apart from `->`), with only blanks between them,
/// counts as that many levels on top of the brackets around it.
Error checkNesting(StringRef source, StringRef bufferName) {
  unsigned limit = maxNesting();
  if (limit == 0)
    return Error::success();
  unsigned depth = 0;
  unsigned minuses = 0; // the current run of minus signs
  for (size_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (c == '-' && !(i + 1 < source.size() && source[i + 1] == '>')) {
      if (depth + ++minuses > limit)
        return errorAt(
            source, bufferName, source.data() + i,
            Twine(minuses) + " minus signs in a row here, inside " +
                Twine(depth) + " levels of brackets, nest deeper than " +
                Twine(limit) +
                " levels; MLIR's parser recurses once per sign and would run "
                "out of stack (set TRIDENT_PARSE_MAX_DEPTH to raise the limit "
                "where the stack is larger)");
      continue;
    }
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      minuses = 0;
    if (c == '"') {
      for (++i; i < source.size() && source[i] != '"' && source[i] != '\n';
           ++i)
        if (source[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && i + 1 < source.size() && source[i + 1] == '/') {
      size_t eol = source.find('\n', i);
      if (eol == StringRef::npos)
        break;
      i = eol;
      continue;
    }
    bool comparison = i + 1 < source.size() && source[i + 1] == '=';
    if (StringRef("([{").contains(c) || (c == '<' && !comparison)) {
      if (++depth > limit)
        return errorAt(
            source, bufferName, source.data() + i,
            "brackets nest deeper than " + Twine(limit) +
                " levels here; MLIR's parser recurses once per level and "
                "would run out of stack (set TRIDENT_PARSE_MAX_DEPTH to "
                "raise the limit where the stack is larger)");
    } else if (StringRef(")]}").contains(c) ||
               (c == '>' && !comparison && (i == 0 || source[i - 1] != '-'))) {
      if (depth > 0)
        --depth;
    }
  }
  return Error::success();
}

} // namespace

Error checkKnownParserCrashes(StringRef source, StringRef bufferName) {
  if (Error err = checkNesting(source, bufferName))
    return err;
  // MLIR 22's parseDenseArrayAttr accepts `index` as an element type and
  // then asks it for a bit width, which crashes (mlir-opt-22 does too).
  // Scanned lexically: outside string literals and comments, the keyword
  // `array` (not part of a longer name such as `!llvm.array`), `<`, and
  // the keyword `index` or a type alias of it.
  std::optional<StringSet<>> aliases;
  for (size_t i = 0; i < source.size();) {
    char c = source[i];
    if (c == '"') {
      for (++i; i < source.size() && source[i] != '"' && source[i] != '\n';
           ++i)
        if (source[i] == '\\')
          ++i;
      ++i;
      continue;
    }
    if (source.substr(i).starts_with("//")) {
      i = skipTrivia(source, i);
      continue;
    }
    bool wordStart = i == 0 || (!isIdentChar(source[i - 1]) &&
                                !StringRef("!#%@^").contains(source[i - 1]));
    if (!wordStart || !source.substr(i).starts_with("array") ||
        (i + 5 < source.size() && isIdentChar(source[i + 5]))) {
      ++i;
      continue;
    }
    size_t j = skipTrivia(source, i + 5);
    if (j >= source.size() || source[j] != '<') {
      i += 5;
      continue;
    }
    j = skipTrivia(source, j + 1);
    bool isIndex = source.substr(j).starts_with("index") &&
                   (j + 5 == source.size() || !isIdentChar(source[j + 5]));
    // ... or a type alias of index (found when the first array is seen).
    if (!isIndex && j < source.size() && source[j] == '!') {
      if (!aliases)
        aliases = indexAliases(source);
      isIndex = aliases->contains(identAt(source, j + 1));
    }
    if (isIndex)
      return errorAt(source, bufferName, source.data() + j,
                     "a dense array of 'index' is not supported (the "
                     "elements of 'array<...>' must be integers or floats, "
                     "such as i64); MLIR's parser would crash on it");
    i = j;
  }
  return Error::success();
}

} // namespace trident
