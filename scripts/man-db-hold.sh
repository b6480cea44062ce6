# shellcheck shell=bash
# Sourced by scripts/setup.sh: man-db's index update held back for one
# install. After an install man-db re-indexes every manual page
# ("Processing triggers for man-db"), on the critical path of a first run.
# Its own switch (/var/lib/man-db/auto-update, debconf's man-db/auto-update)
# is set aside for the install and put back however the caller ends (an EXIT
# trap); the daily man-db timer indexes the new pages. PMDFWD_MAN_DB_FLAG
# names another switch (tests).
PMDFWD_MAN_DB_FLAG=${PMDFWD_MAN_DB_FLAG:-/var/lib/man-db/auto-update}
man_db_held=

hold_man_db() {
  # Set aside by a run that was killed mid-install: ours to put back too.
  [[ -e $PMDFWD_MAN_DB_FLAG.pmdfwd-setup ]] && man_db_held=1
  [[ -e $PMDFWD_MAN_DB_FLAG ]] && mv "$PMDFWD_MAN_DB_FLAG" "$PMDFWD_MAN_DB_FLAG.pmdfwd-setup" && man_db_held=1
  [[ -n $man_db_held ]] || return 0
  trap release_man_db EXIT
  echo "setup: man-db's index update skipped for this install (the daily man-db timer indexes the new pages)"
}

release_man_db() {
  [[ -n $man_db_held ]] || return 0
  mv "$PMDFWD_MAN_DB_FLAG.pmdfwd-setup" "$PMDFWD_MAN_DB_FLAG"
  man_db_held=
}
