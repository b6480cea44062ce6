#include "engine_registry.h"

#include <cstdio>

int main() {
    std::printf("%s\n", pmdfwd::EngineRegistry::instance().names().c_str());
    return 0;
}
