//===- KernelMetadata.cpp - Kernel metadata and ptxas reports -------------===//
#include "trident/Target/NVIDIA/KernelMetadata.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace trident::nvidia {

json::Value toJSON(const KernelMetadata &m) {
  json::Object o{
      {"name", m.name},
      {"target", m.target},
      {"arch", m.arch},
      {"num_warps", m.numWarps},
      {"shared_bytes", m.sharedBytes},
      {"cluster", json::Array{m.cluster[0], m.cluster[1], m.cluster[2]}},
  };
  if (m.ptxas.registers >= 0) {
    o["registers"] = m.ptxas.registers;
    o["spill_stores"] = m.ptxas.spillStores;
    o["spill_loads"] = m.ptxas.spillLoads;
    o["stack_frame"] = m.ptxas.stackFrame;
    o["static_shared_bytes"] = m.ptxas.staticSharedBytes;
    o["barriers"] = m.ptxas.barriers;
    o["wgmma_serialized"] = m.ptxas.wgmmaSerialized;
  }
  if (!m.tmaArguments.empty()) {
    json::Array args;
    for (const TmaArgument &t : m.tmaArguments)
      args.push_back(json::Object{{"index", t.index},
                                  {"dtype", t.dtype},
                                  {"elem_bytes", t.elemBytes},
                                  {"block", json::Array(t.block)},
                                  {"box", json::Array(t.box)},
                                  {"swizzle", t.swizzle}});
    o["tma_arguments"] = std::move(args);
  }
  if (m.globalScratchBytes > 0) {
    o["global_scratch_bytes"] = m.globalScratchBytes;
    o["global_scratch_align"] = 128;
  }
  if (!m.fpFusion)
    o["fp_fusion"] = false;
  return o;
}

Expected<KernelMetadata> metadataFromJSON(const json::Value &value,
                                          StringRef what) {
  auto bad = [&](const Twine &why) {
    return createStringError(what + ": bad kernel metadata: " + why);
  };
  const json::Object *o = value.getAsObject();
  if (!o)
    return bad("not a JSON object");
  KernelMetadata m;
  auto str = [&](StringRef key, std::string &out, bool required) -> Error {
    const json::Value *v = o->get(key);
    if (!v) {
      if (required)
        return bad("missing '" + key + "'");
      return Error::success();
    }
    std::optional<StringRef> s = v->getAsString();
    if (!s || (required && s->empty()))
      return bad("'" + key + "' must be a non-empty string");
    out = s->str();
    return Error::success();
  };
  auto num = [&](StringRef key, int64_t &out, int64_t min) -> Error {
    const json::Value *v = o->get(key);
    if (!v)
      return Error::success();
    std::optional<int64_t> n = v->getAsInteger();
    if (!n || *n < min)
      return bad("'" + key + "' must be an integer >= " + Twine(min));
    out = *n;
    return Error::success();
  };
  if (Error e = str("name", m.name, true))
    return std::move(e);
  if (Error e = str("target", m.target, false))
    return std::move(e);
  if (Error e = str("arch", m.arch, false))
    return std::move(e);
  if (Error e = num("num_warps", m.numWarps, 1))
    return std::move(e);
  if (m.numWarps > 32)
    return bad("'num_warps' must be at most 32");
  if (Error e = num("shared_bytes", m.sharedBytes, 0))
    return std::move(e);
  if (const json::Value *c = o->get("cluster")) {
    const json::Array *a = c->getAsArray();
    if (!a || a->size() != 3)
      return bad("'cluster' must be an array of three integers");
    for (size_t i = 0; i < 3; ++i) {
      std::optional<int64_t> n = (*a)[i].getAsInteger();
      if (!n || *n < 1)
        return bad("'cluster' must be an array of three integers >= 1");
      m.cluster[i] = *n;
    }
  }
  if (Error e = num("registers", m.ptxas.registers, 0))
    return std::move(e);
  if (Error e = num("spill_stores", m.ptxas.spillStores, 0))
    return std::move(e);
  if (Error e = num("spill_loads", m.ptxas.spillLoads, 0))
    return std::move(e);
  if (Error e = num("stack_frame", m.ptxas.stackFrame, 0))
    return std::move(e);
  if (Error e = num("static_shared_bytes", m.ptxas.staticSharedBytes, 0))
    return std::move(e);
  if (Error e = num("barriers", m.ptxas.barriers, 0))
    return std::move(e);
  if (Error e = num("global_scratch_bytes", m.globalScratchBytes, 0))
    return std::move(e);
  if (const json::Value *v = o->get("fp_fusion")) {
    std::optional<bool> b = v->getAsBoolean();
    if (!b)
      return bad("'fp_fusion' must be a boolean");
    m.fpFusion = *b;
  }
  if (const json::Value *v = o->get("wgmma_serialized")) {
    std::optional<bool> b = v->getAsBoolean();
    if (!b)
      return bad("'wgmma_serialized' must be a boolean");
    m.ptxas.wgmmaSerialized = *b;
  }
  if (const json::Value *v = o->get("tma_arguments")) {
    const json::Array *a = v->getAsArray();
    if (!a)
      return bad("'tma_arguments' must be an array");
    for (auto [i, entry] : llvm::enumerate(*a)) {
      const json::Object *t = entry.getAsObject();
      std::string where = "tma_arguments[" + std::to_string(i) + "]";
      if (!t)
        return bad("'" + where + "' must be an object");
      TmaArgument arg;
      auto tnum = [&](StringRef key, int64_t &out, int64_t min) -> Error {
        std::optional<int64_t> n =
            t->get(key) ? t->get(key)->getAsInteger() : std::nullopt;
        if (!n || *n < min)
          return bad("'" + where + "." + key + "' must be an integer >= " +
                     Twine(min));
        out = *n;
        return Error::success();
      };
      auto dims = [&](StringRef key, std::vector<int64_t> &out) -> Error {
        const json::Array *d = t->get(key) ? t->get(key)->getAsArray() : nullptr;
        if (!d || d->empty() || d->size() > 5)
          return bad("'" + where + "." + key +
                     "' must be an array of 1 to 5 positive integers");
        for (const json::Value &x : *d) {
          std::optional<int64_t> n = x.getAsInteger();
          if (!n || *n < 1)
            return bad("'" + where + "." + key +
                       "' must be an array of 1 to 5 positive integers");
          out.push_back(*n);
        }
        return Error::success();
      };
      std::optional<StringRef> dtype =
          t->get("dtype") ? t->get("dtype")->getAsString() : std::nullopt;
      if (!dtype || dtype->empty())
        return bad("'" + where + ".dtype' must be a non-empty string");
      arg.dtype = dtype->str();
      if (Error e = tnum("index", arg.index, 0))
        return std::move(e);
      if (Error e = tnum("elem_bytes", arg.elemBytes, 1))
        return std::move(e);
      if (Error e = tnum("swizzle", arg.swizzle, 0))
        return std::move(e);
      if (Error e = dims("block", arg.block))
        return std::move(e);
      if (Error e = dims("box", arg.box))
        return std::move(e);
      if (arg.box.size() != arg.block.size())
        return bad("'" + where + "': 'box' and 'block' differ in rank");
      m.tmaArguments.push_back(std::move(arg));
    }
  }
  return m;
}

Expected<KernelMetadata> parseKernelMetadata(StringRef text, StringRef what) {
  Expected<json::Value> value = json::parse(text);
  if (!value)
    return createStringError(what + ": bad kernel metadata: not JSON: " +
                             toString(value.takeError()));
  return metadataFromJSON(*value, what);
}

Expected<KernelMetadata> readKernelMetadata(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(path + ": cannot read kernel metadata: " +
                             buffer.getError().message());
  return parseKernelMetadata((*buffer)->getBuffer(), path);
}

Error writeKernelMetadata(const KernelMetadata &meta, StringRef path) {
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_Text);
  if (ec)
    return createStringError(path + ": " + ec.message());
  os << formatv("{0:2}", toJSON(meta)) << "\n";
  os.close();
  if (os.has_error())
    return createStringError(path + ": " + os.error().message());
  return Error::success();
}

std::string metadataPathFor(StringRef binaryPath) {
  SmallString<256> path(binaryPath);
  sys::path::replace_extension(path, "json");
  return path.str().str();
}

Expected<PtxasStats> parsePtxasReport(StringRef report, StringRef kernel) {
  // ptxas -v prints, per function:
  //   ptxas info    : Compiling entry function 'k' for 'sm_90a'
  //   ptxas info    : Function properties for k
  //       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  //   ptxas info    : Used 12 registers, used 0 barriers, 1024 bytes smem, ...
  // The clauses of the last two lines come in varying order and number.
  PtxasStats stats;
  bool found = false;
  std::string current;
  Regex compiling("Compiling entry function '([^']+)'");
  Regex properties("Function properties for ([^ \t]+)");
  auto number = [](StringRef line, StringRef pattern, int64_t &out) {
    Regex re(pattern);
    SmallVector<StringRef, 2> m;
    if (re.match(line, &m))
      (void)to_integer(m[1], out, 10);
  };
  // Warnings name their function themselves:
  //   ptxas info    : (C7514) Potential Performance Loss: wgmma.mma_async
  //   instructions are serialized due to ... in the function 'k'
  Regex serialized("wgmma.mma_async instructions are serialized .* in the "
                   "function '([^']+)'");
  SmallVector<StringRef> lines;
  report.split(lines, '\n');
  for (StringRef line : lines) {
    SmallVector<StringRef, 2> m;
    if (serialized.match(line, &m)) {
      if (m[1] == kernel)
        stats.wgmmaSerialized = true;
      continue;
    }
    if (compiling.match(line, &m) || properties.match(line, &m)) {
      current = m[1].str();
      continue;
    }
    if (current != kernel)
      continue;
    if (line.contains("bytes stack frame")) {
      found = true;
      number(line, "([0-9]+) bytes stack frame", stats.stackFrame);
      number(line, "([0-9]+) bytes spill stores", stats.spillStores);
      number(line, "([0-9]+) bytes spill loads", stats.spillLoads);
    } else if (line.contains("Used ") && line.contains(" registers")) {
      found = true;
      number(line, "Used ([0-9]+) registers", stats.registers);
      number(line, "used ([0-9]+) barriers", stats.barriers);
      number(line, "([0-9]+) bytes smem", stats.staticSharedBytes);
    }
  }
  if (!found || stats.registers < 0)
    return createStringError("the ptxas -v report says nothing about kernel '" +
                             kernel + "' (no 'Used N registers' line)");
  return stats;
}

} // namespace trident::nvidia
