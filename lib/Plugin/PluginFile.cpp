//===- PluginFile.cpp - Inspecting a plugin's file before loading it ------===//
#include "PluginInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace {

/// The DT_NEEDED entries of an ELF shared library, read through DT_STRTAB.
/// Empty if the file has no readable dynamic section.
template <class ELFT>
std::vector<std::string> neededLibraries(const object::ELFFile<ELFT> &file) {
  std::vector<std::string> needed;
  Expected<typename ELFT::DynRange> entries = file.dynamicEntries();
  if (!entries) {
    consumeError(entries.takeError());
    return needed;
  }
  uint64_t strtab = 0, strsz = 0;
  std::vector<uint64_t> offsets;
  for (const typename ELFT::Dyn &d : *entries) {
    if (d.d_tag == ELF::DT_STRTAB)
      strtab = d.getPtr();
    else if (d.d_tag == ELF::DT_STRSZ)
      strsz = d.getVal();
    else if (d.d_tag == ELF::DT_NEEDED)
      offsets.push_back(d.getVal());
  }
  if (!strtab || offsets.empty())
    return needed;
  Expected<const uint8_t *> table = file.toMappedAddr(strtab);
  if (!table) {
    consumeError(table.takeError());
    return needed;
  }
  if (*table < file.base() || *table >= file.end())
    return needed;
  uint64_t size = file.end() - *table;
  if (strsz)
    size = std::min(size, strsz);
  const char *text = reinterpret_cast<const char *>(*table);
  for (uint64_t offset : offsets)
    if (offset < size)
      needed.emplace_back(text + offset, strnlen(text + offset, size - offset));
  return needed;
}

} // namespace

/// Refuses a shared library that carries MLIR or LLVM of its own: one that
/// needs libMLIR*.so* or libLLVM*.so*, or that defines mlir::MLIRContext's
/// constructor (a statically linked copy). A second copy has TypeIDs and
/// registries of its own, so cast<> and the core's registries break. Read
/// from the file, before dlopen runs any of its code; a file that is not
/// ELF is left for dlopen to refuse.
Error trident::plugin_detail::checkSingleMLIR(StringRef path) {
  Expected<object::OwningBinary<object::Binary>> binary =
      object::createBinary(path);
  if (!binary) {
    consumeError(binary.takeError());
    return Error::success();
  }
  auto *elf = dyn_cast<object::ELFObjectFileBase>(binary->getBinary());
  if (!elf)
    return Error::success();
  std::vector<std::string> needed;
  if (auto *o = dyn_cast<object::ELF64LEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  else if (auto *o = dyn_cast<object::ELF64BEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  else if (auto *o = dyn_cast<object::ELF32LEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  else if (auto *o = dyn_cast<object::ELF32BEObjectFile>(elf))
    needed = neededLibraries(o->getELFFile());
  for (const std::string &lib : needed) {
    StringRef name = sys::path::filename(lib);
    if ((name.starts_with("libMLIR") || name.starts_with("libLLVM")) &&
        name.contains(".so"))
      return createStringError("links against " + name +
                               ", a second copy of MLIR/LLVM; plugins must "
                               "link only against libTridentCore.so");
  }
  auto definesContext = [](const object::ELFSymbolRef &sym) {
    Expected<StringRef> name = sym.getName();
    Expected<uint32_t> flags = sym.getFlags();
    if (!name || !flags) {
      consumeError(name.takeError());
      consumeError(flags.takeError());
      return false;
    }
    return (name->starts_with("_ZN4mlir11MLIRContextC1E") ||
            name->starts_with("_ZN4mlir11MLIRContextC2E")) &&
           !(*flags & object::SymbolRef::SF_Undefined);
  };
  for (const object::ELFObjectFileBase::elf_symbol_iterator_range &symbols :
       {elf->symbols(), elf->getDynamicSymbolIterators()})
    if (any_of(symbols, definesContext))
      return createStringError(
          "defines mlir::MLIRContext's constructor, so it holds a statically "
          "linked copy of MLIR; plugins must link only against "
          "libTridentCore.so");
  return Error::success();
}

