//===- Ptxas.cpp - PTX to cubin by running ptxas --------------------------===//
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace llvm;

namespace trident::nvidia {

/// The directory of the library this code is in (libTridentCore.so), or
/// "" if the loader cannot say.
static std::string coreLibraryDir() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&coreLibraryDir), &info) ||
      !info.dli_fname)
    return "";
  SmallString<256> path(info.dli_fname);
  if (sys::fs::make_absolute(path))
    return "";
  return std::string(sys::path::parent_path(path));
}

Expected<std::string> findPtxas() {
  if (const char *env = std::getenv("TRIDENT_PTXAS"); env && *env) {
    if (!sys::fs::can_execute(env))
      return createStringError(Twine("TRIDENT_PTXAS=") + env +
                               " is not an executable file");
    return std::string(env);
  }
  // One bundled with the core (a wheel built with TRIDENT_BUNDLE_PTXAS).
  if (std::string dir = coreLibraryDir(); !dir.empty()) {
    SmallString<256> bundled(dir);
    sys::path::append(bundled, "cuda", "bin", "ptxas");
    if (sys::fs::can_execute(bundled))
      return std::string(bundled);
  }
  const char *cudaPtxas = "/usr/local/cuda/bin/ptxas";
  if (sys::fs::can_execute(cudaPtxas))
    return std::string(cudaPtxas);
  if (ErrorOr<std::string> onPath = sys::findProgramByName("ptxas"))
    return *onPath;
  return createStringError(
      "ptxas not found: set TRIDENT_PTXAS to its path, install the CUDA "
      "toolkit in /usr/local/cuda, put ptxas on PATH, or install a Trident "
      "wheel built with TRIDENT_BUNDLE_PTXAS");
}

namespace {

/// A temporary file removed when it goes out of scope.
struct TempFile {
  SmallString<128> path;
  ~TempFile() {
    if (!path.empty())
      sys::fs::remove(path);
  }
  Error create(StringRef suffix) {
    if (std::error_code ec =
            sys::fs::createTemporaryFile("trident-ptxas", suffix, path))
      return createStringError("cannot create a temporary ." + suffix +
                               " file: " + ec.message());
    return Error::success();
  }
};

std::string readAll(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> b =
      MemoryBuffer::getFile(path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  return b ? (*b)->getBuffer().str() : std::string();
}

} // namespace

Expected<CubinResult> assemblePTX(StringRef ptx, StringRef arch,
                                  StringRef kernel, unsigned optLevel,
                                  ArrayRef<std::string> extraFlags) {
  if (!arch.starts_with("sm_"))
    return createStringError("unknown CUDA architecture '" + arch +
                             "' (expected sm_XX, e.g. sm_80 or sm_90a)");
  if (optLevel > 3)
    return createStringError("ptxas optimization level must be 0..3");
  Expected<std::string> ptxas = findPtxas();
  if (!ptxas)
    return ptxas.takeError();

  TempFile input, output, out, err;
  for (auto [file, suffix] : {std::pair{&input, "ptx"}, {&output, "cubin"},
                              {&out, "stdout"}, {&err, "stderr"}})
    if (Error e = file->create(suffix))
      return std::move(e);
  {
    std::error_code ec;
    raw_fd_ostream os(input.path, ec);
    if (ec)
      return createStringError(input.path + ": " + ec.message());
    os << ptx;
  }

  std::string archFlag = ("-arch=" + arch).str();
  std::string optFlag = "-O" + std::to_string(optLevel);
  SmallVector<StringRef> args = {*ptxas, archFlag, "-v", optFlag};
  for (const std::string &f : extraFlags)
    args.push_back(f);
  args.append({input.path.str(), "-o", output.path.str()});
  std::optional<StringRef> redirects[] = {std::nullopt, out.path.str(),
                                          err.path.str()};
  std::string execError;
  bool failedToRun = false;
  int rc = sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects,
                               /*SecondsToWait=*/300, /*MemoryLimit=*/0,
                               &execError, &failedToRun);
  std::string report = readAll(out.path) + readAll(err.path);
  if (failedToRun)
    return createStringError("cannot run " + *ptxas + ": " + execError);
  if (rc != 0)
    return createStringError(
        "ptxas failed (" +
        (rc < 0 ? execError : "exit code " + std::to_string(rc)) +
        ") assembling kernel '" + kernel + "' for " + arch + ":\n" +
        StringRef(report).rtrim());

  CubinResult result;
  result.cubin = readAll(output.path);
  result.report = std::move(report);
  if (result.cubin.empty())
    return createStringError("ptxas wrote no cubin for kernel '" + kernel +
                             "'");
  Expected<PtxasStats> stats = parsePtxasReport(result.report, kernel);
  if (!stats)
    return stats.takeError();
  result.stats = *stats;
  return result;
}

} // namespace trident::nvidia
