# Build step (CMakeLists.txt): writes a C++ source that lists every uid and every event name of
# every bundle published in the repository (SOURCE_DIR/fixtures/**/bundle.json: the captures, the
# reference solution's among them) with the bundle it is in, sorted, for integrity::published(). A
# bundle that holds one of them is a public capture, not a lab a student ran: the apiserver makes a
# new random uid for every object of every cluster, and the event recorder names each event after
# the nanosecond it made it in ("trainer.18ed0e74f444615d"), which a copy with new uids keeps.
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
  # The scheduler's microsecond times (eventTime, a series' lastObservedTime), as integrity.cpp
  # traces_of() reads them: each two consecutive gaps between the sorted distinct times.
  file(STRINGS "${bundle}" lines REGEX "\"(eventTime|lastObservedTime)\": *\"[0-9T:.Z-]+\"")
  set(micros "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "\"[a-zA-Z]+\": *\"([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])T([0-9][0-9]):([0-9][0-9]):([0-9][0-9])\\.([0-9][0-9][0-9][0-9][0-9][0-9])Z\"")
      continue()
    endif()
    foreach(i RANGE 1 7)
      set(raw${i} "${CMAKE_MATCH_${i}}")  # copied first: REGEX REPLACE sets CMAKE_MATCH_* again
    endforeach()
    # Leading zeros read as decimal: "1" put before the digits, then taken off again.
    foreach(i RANGE 1 7)
      string(LENGTH "${raw${i}}" len)
      string(REPEAT "0" ${len} zeros)
      math(EXPR part${i} "1${raw${i}} - 1${zeros}")
    endforeach()
    # Days since 1970-01-01 of the civil date (H. Hinnant's days_from_civil).
    set(y ${part1})
    if(part2 LESS_EQUAL 2)
      math(EXPR y "${y} - 1")
      math(EXPR mp "${part2} + 9")
    else()
      math(EXPR mp "${part2} - 3")
    endif()
    math(EXPR era "${y} / 400")
    math(EXPR yoe "${y} - ${era} * 400")
    math(EXPR doy "(153 * ${mp} + 2) / 5 + ${part3} - 1")
    math(EXPR doe "${yoe} * 365 + ${yoe} / 4 - ${yoe} / 100 + ${doy}")
    math(EXPR us "((${era} * 146097 + ${doe} - 719468) * 86400 + ${part4} * 3600 + ${part5} * 60 + ${part6}) * 1000000 + ${part7}")
    list(APPEND micros ${us})
  endforeach()
  list(REMOVE_DUPLICATES micros)
  list(SORT micros COMPARE NATURAL)
  list(LENGTH micros n)
  if(n GREATER 2)
    math(EXPR last "${n} - 1")
    foreach(i RANGE 2 ${last})
      math(EXPR a "${i} - 2")
      math(EXPR b "${i} - 1")
      list(GET micros ${a} ta)
      list(GET micros ${b} tb)
      list(GET micros ${i} tc)
      math(EXPR g1 "${tb} - ${ta}")
      math(EXPR g2 "${tc} - ${tb}")
      list(APPEND entries "t:${g1},${g2}|${rel}")
    endforeach()
  endif()
  string(REPEAT "[0-9a-f]" 16 hex16)
  file(STRINGS "${bundle}" lines REGEX "\"name\": *\"[a-z0-9.-]+\\.${hex16}\"")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "\"name\": *\"([a-z0-9.-]+\\.${hex16})\"" _ "${line}")
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
