# Build step (CMakeLists.txt): writes a C++ source that lists every uid of every bundle published
# in the repository (SOURCE_DIR/fixtures/**/bundle.json: the captures, the reference solution's
# among them) with the bundle it is in, sorted by uid, for integrity::published(). A bundle that
# holds one of these uids is a public capture, not a lab a student ran: the apiserver makes a new
# random uid for every object of every cluster.
# Usage: cmake -DSOURCE_DIR=... -DOUT=... -P published_uids.cmake
file(GLOB_RECURSE bundles "${SOURCE_DIR}/fixtures/bundle.json")
list(SORT bundles)
set(entries "")
foreach(bundle IN LISTS bundles)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${bundle}")
  # Bundles are written with one member a line ("uid": "<uuid>"), as gpuwhy snapshot writes them.
  file(STRINGS "${bundle}" lines REGEX "\"uid\": *\"[0-9a-f-]+\"")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "\"uid\": *\"([0-9a-f-]+)\"" _ "${line}")
    list(APPEND entries "${CMAKE_MATCH_1}|${rel}")
  endforeach()
endforeach()
list(SORT entries)
set(body "")
set(last "")
set(count 0)
foreach(entry IN LISTS entries)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 uid)
  list(GET parts 1 rel)
  if(uid STREQUAL last)
    continue()  # the first bundle that holds it is named
  endif()
  set(last "${uid}")
  math(EXPR count "${count} + 1")
  string(APPEND body "    {\"${uid}\", \"${rel}\"},\n")
endforeach()
if(count EQUAL 0)
  set(body "    {\"\", \"\"},\n")  # no bundle in this source tree: one empty uid, which never matches
endif()
file(WRITE "${OUT}.tmp"
  "// Generated at build time from fixtures/**/bundle.json by cmake/published_uids.cmake; do not edit.\n"
  "#include <span>\n\n"
  "#include \"integrity/integrity_detail.h\"\n\n"
  "namespace gpuwhy::integrity::detail {\n"
  "namespace {\n"
  "const PublishedUid kUids[] = {\n${body}};\n"
  "}  // namespace\n\n"
  "std::span<const PublishedUid> published_uids() {\n"
  "  return kUids;\n"
  "}\n"
  "}  // namespace gpuwhy::integrity::detail\n")
file(RENAME "${OUT}.tmp" "${OUT}")
