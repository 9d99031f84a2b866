//===- trident-opt.cpp - Trident optimizer driver -------------------------===//
#include "trident/Tools/ToolSupport.h"

int main(int argc, char **argv) { return trident::optMain(argc, argv); }
