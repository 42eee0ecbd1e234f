# shellcheck shell=bash
# Sourced by tools/kernel-lab/build-image and tools/kernel-lab/run: where the guest image lives
# and which recipe it was built from.

KERNEL_LAB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KERNEL_LAB_ROOT="$(cd "$KERNEL_LAB_DIR/../.." && pwd)"
# Outside git, shared by every worktree of the repository; override with BEACON_KERNEL_LAB_CACHE.
KERNEL_LAB_CACHE="${BEACON_KERNEL_LAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/beacon-kernel-lab}"

# The image's key: a hash of everything that goes into it (the recipe, the guest's first-stage
# init, the pinned Python packages). Change any of them and the next run builds a new image.
kernel_lab_image_key() {
  cat "$KERNEL_LAB_DIR/build-image" "$KERNEL_LAB_DIR/guest/lab-init" \
    "$KERNEL_LAB_ROOT/tools/requirements-test.txt" | sha256sum | cut -c1-16
}

kernel_lab_image_dir() {
  echo "$KERNEL_LAB_CACHE/image-$(kernel_lab_image_key)"
}

# Runs "$@" with sudo unless already root.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
