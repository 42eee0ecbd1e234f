# Sourced by tools/test (and usable by hand): makes tools/.venv, a Python virtual environment
# holding the pinned packages of tools/requirements-test.txt (Google's Bumble, the emulated
# Bluetooth controllers of the integration tests). Idempotent: the second run only compares
# the requirements file with the copy stamped into the venv after the last good install.
# Needs tools/lib/install-deps.sh sourced first (install_packages), for Debian's python3-venv.
# Afterwards $BEACON_PYTHON is the venv's interpreter, e.g. "$BEACON_PYTHON" tools/emulator.py.

python_env() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  local venv="$root/tools/.venv"
  local requirements="$root/tools/requirements-test.txt"
  local stamp="$venv/.requirements-installed"
  BEACON_PYTHON="$venv/bin/python"

  # Fast path: the venv works and was filled from this very requirements file.
  if [ -x "$BEACON_PYTHON" ] && cmp -s "$requirements" "$stamp" && "$BEACON_PYTHON" -c '' 2>/dev/null; then
    export BEACON_PYTHON
    return 0
  fi

  # Debian splits venv and ensurepip out of python3; a python3 that is not Debian's
  # (pyenv, a self-built one) has them already.
  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    install_packages python3-venv
  fi
  if ! "$BEACON_PYTHON" -c '' >/dev/null 2>&1; then
    echo "==> creating Python virtual environment tools/.venv"
    rm -rf "$venv"
    python3 -m venv "$venv" || return 1
  fi
  echo "==> installing Python packages from tools/requirements-test.txt into tools/.venv"
  rm -f "$stamp"
  "$BEACON_PYTHON" -m pip install --quiet --disable-pip-version-check --no-input \
    --requirement "$requirements" || return 1
  cp "$requirements" "$stamp"
  export BEACON_PYTHON
}

python_env
