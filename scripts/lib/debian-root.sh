# shellcheck shell=bash
# Sourced by scripts/package-test and scripts/fresh-debian: a throwaway Debian 12 (bookworm) root.
#
#   debroot_base                 the pristine `debootstrap --variant=minbase` root as a tarball, made
#                                once and cached outside the repo: $DEBROOT_BASE
#   debroot_new DIR              a fresh copy of it in DIR (resolv.conf and local CAs from this machine)
#   debroot_mount DIR            /proc, /sys, /dev, /dev/pts, /dev/shm and the shared apt caches
#   debroot_umount DIR           stops every process whose root is DIR (by pid), unmounts
#   debroot_cleanup DIR          debroot_umount, then removes DIR
#   debroot_run DIR CMD...       runs CMD in the root as root with a clean environment
#
# The mirror is the one this machine's apt uses (DEBIAN_MIRROR overrides). Downloaded .debs and
# the package lists are kept in $DEBROOT_CACHE/{archives,lists} and shared by every root (apt
# checks both against the signed Release file), so a second run fetches little.
# Needs root (debootstrap, mount, chroot).

DEBROOT_SUITE=bookworm
DEBROOT_ARCH=$(dpkg --print-architecture)
DEBROOT_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/gpuwhy/debootstrap
DEBROOT_BASE=$DEBROOT_CACHE/$DEBROOT_SUITE-$DEBROOT_ARCH.tar

debroot_log() { printf '[%s] %s\n' "${DEBROOT_WHO:-debian-root}" "$*" >&2; }

# The first Debian mirror (not -security) of this machine's apt sources that serves bookworm.
debroot_mirror() {
  if [[ -n ${DEBIAN_MIRROR:-} ]]; then echo "$DEBIAN_MIRROR"; return; fi
  local m
  m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v s="$DEBROOT_SUITE" '
      /^[[:space:]]*$/ { if (uri != "" && suites ~ "(^| )" s "( |$)") { print uri; exit } uri = ""; suites = ""; next }
      /^URIs:/ { uri = $2 }
      /^Suites:/ { $1 = ""; suites = $0; sub(/^ /, "", suites) }
      END { if (uri != "" && suites ~ "(^| )" s "( |$)") print uri }' | grep -v -- '-security' | head -1)
  if [[ -z $m ]]; then
    m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk -v s="$DEBROOT_SUITE" '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++; if ($2 ~ /^\[/) i++;
                                    if ($(i + 1) == s) { print $i; exit } }')
  fi
  echo "${m:-http://deb.debian.org/debian}"
}

# debootstrap prints a line per package and stage; show the stages and every 25th package.
debroot_progress() {
  awk '/^I: (Retrieving|Validating|Extracting|Unpacking|Configuring) [a-z0-9][a-z0-9.+-]*(:[a-z0-9]+)?( [0-9]|\.\.\.$)/ {
         n[$2]++; if (n[$2] % 25 == 1) { printf "[debootstrap] %s package %d ...\n", $2, n[$2]; fflush() } next }
       { print "[debootstrap] " $0; fflush() }' >&2
}

debroot_base() {
  mkdir -p "$DEBROOT_CACHE/archives/partial" "$DEBROOT_CACHE/lists/partial"
  (
    flock 9
    [[ -s $DEBROOT_BASE ]] && exit 0
    local mirror tmp t0
    mirror=$(debroot_mirror)
    t0=$(date +%s)
    tmp=$(mktemp -d "$DEBROOT_CACHE/make.XXXXXX")
    # Stopped half-way (scripts/test stops its background jobs when it ends early), debootstrap
    # leaves /proc mounted in the root: unmount before anything is removed.
    trap 'debroot_umount "$tmp/root" >/dev/null 2>&1 && rm -rf "$tmp"' EXIT
    debroot_log "making the Debian $DEBROOT_SUITE minbase root once (debootstrap from $mirror); cached as $DEBROOT_BASE"
    if ! debootstrap --variant=minbase --arch="$DEBROOT_ARCH" "$DEBROOT_SUITE" "$tmp/root" "$mirror" 2>&1 | debroot_progress ||
      [[ ! -x $tmp/root/usr/bin/apt-get ]]; then
      debroot_log "debootstrap failed (log: $tmp/root/debootstrap/debootstrap.log)"
      exit 1
    fi
    rm -f "$tmp/root"/var/cache/apt/archives/*.deb
    tar -C "$tmp/root" --numeric-owner -cf "$DEBROOT_BASE.part" . && mv "$DEBROOT_BASE.part" "$DEBROOT_BASE"
    debroot_umount "$tmp/root" >/dev/null 2>&1 && rm -rf "$tmp"
    trap - EXIT
    debroot_log "base root ready in $(($(date +%s) - t0)) s ($(du -h "$DEBROOT_BASE" | cut -f1))"
  ) 9>"$DEBROOT_CACHE/lock"
}

debroot_new() {
  local dir=$1
  debroot_base || return 1
  mkdir -p "$dir"
  tar -C "$dir" --numeric-owner -xf "$DEBROOT_BASE" || return 1
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf"
  # The network's own CAs: a machine on a network whose HTTPS goes through a TLS-inspecting proxy
  # needs them like its resolv.conf. Debian's place for local CAs is /usr/local/share/ca-certificates;
  # ca-certificates (once installed in the root) adds them. GPUWHY_ROOT_LOCAL_CAS=0: not copied.
  if [[ ${GPUWHY_ROOT_LOCAL_CAS:-1} != 0 ]] && compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
    mkdir -p "$dir/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$dir/usr/local/share/ca-certificates/"
  fi
  # No daemons start inside the root (there is no init), as Debian's own chroot tools do.
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod +x "$dir/usr/sbin/policy-rc.d"
}

debroot_mount() {
  local dir=$1
  mount -t proc proc "$dir/proc" &&
    mount -t sysfs sysfs "$dir/sys" &&
    mount --bind /dev "$dir/dev" &&
    mount --bind /dev/pts "$dir/dev/pts" &&
    { [[ ! -d /dev/shm ]] || mount --bind /dev/shm "$dir/dev/shm"; } &&
    mount --bind "$DEBROOT_CACHE/archives" "$dir/var/cache/apt/archives" &&
    mount --bind "$DEBROOT_CACHE/lists" "$dir/var/lib/apt/lists"
}

# Stops every process whose root is DIR (by pid) and undoes debroot_mount.
debroot_umount() {
  local dir=$1 p root pids=()
  [[ -n $dir && -d $dir ]] || return 0
  dir=$(cd "$dir" && pwd -P)
  for p in /proc/[0-9]*; do
    root=$(readlink "$p/root" 2>/dev/null) || continue
    [[ $root == "$dir" || $root == "$dir"/* ]] && pids+=("${p#/proc/}")
  done
  if ((${#pids[@]})); then
    debroot_log "stopping ${#pids[@]} process(es) left in the root: ${pids[*]}"
    kill -TERM "${pids[@]}" 2>/dev/null; sleep 2; kill -KILL "${pids[@]}" 2>/dev/null
  fi
  local m
  for m in var/lib/apt/lists var/cache/apt/archives dev/shm dev/pts dev sys proc; do
    mountpoint -q "$dir/$m" && { umount "$dir/$m" 2>/dev/null || umount -l "$dir/$m"; }
  done
  # Never delete through a mount that is still there.
  if grep -q " $dir/" /proc/mounts; then debroot_log "still mounted under $dir"; return 1; fi
}

debroot_cleanup() {
  local dir=$1
  [[ -n $dir && -d $dir ]] || return 0
  debroot_umount "$dir" || { debroot_log "left $dir in place"; return 1; }
  rm -rf --one-file-system "$dir"
}

debroot_run() {
  local dir=$1; shift
  chroot "$dir" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"
}
